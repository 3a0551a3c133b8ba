import type { MessagePreviewQuery } from '@/gql/graphql';
import { messages } from '../strings';

const t = messages.compose;

/** How many people a message reaches and the mail each language's readers get (its text part). */
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
            {/* The mail's text part: the words the person reads (its HTML part says the same, laid out; the portal's CSP keeps mail HTML out of the page). */}
            <pre className="message-preview__text" tabIndex={0} aria-label={`${t.previewTitle}: ${messages.languages[l.language] ?? l.language}`}>{l.text}</pre>
          </div>
        ))}
      </div>
    </section>
  );
}
