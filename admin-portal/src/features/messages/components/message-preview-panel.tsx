import type { MessagePreviewQuery } from '@/gql/graphql';
import { messages } from '../strings';

const t = messages.compose;

/** How many people a message reaches and the mail each language's readers get (the HTML part, sandboxed). */
export function MessagePreviewPanel({ preview }: { preview: MessagePreviewQuery['messagePreview'] }) {
  return (
    <section className="card" aria-labelledby="message-preview-title">
      <div className="card-header">
        <h3 id="message-preview-title" className="card-title">
          {t.previewTitle}
        </h3>
      </div>
      <p aria-live="polite">
        <strong>{t.previewSummary(preview.recipients, messages.kinds[preview.kind] ?? preview.kind)}</strong>
      </p>
      {preview.optedOut > 0 && <p className="muted">{t.optedOut(preview.optedOut)}</p>}
      <p className="muted">{t.remaining(preview.remainingThisHour)}</p>
      <div className="message-previews">
        {preview.languages.map((l) => (
          <div key={l.language} className="message-preview" lang={l.language}>
            <h4>{t.inLanguage(messages.languages[l.language] ?? l.language, l.recipients)}</h4>
            <p>
              <strong>{l.subject}</strong>
            </p>
            {/* The mail's own HTML, in a sandbox (no scripts, no same origin): what the person's mail app shows. */}
            <iframe title={`${t.previewTitle}: ${messages.languages[l.language] ?? l.language}`} sandbox="" srcDoc={l.html} />
          </div>
        ))}
      </div>
    </section>
  );
}
