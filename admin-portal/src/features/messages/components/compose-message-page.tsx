import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useApolloClient } from '@apollo/client/react';
import { MessagePreviewDocument, type MessageInput, type MessagePreviewQuery } from '@/gql/graphql';
import { paths } from '@/config/paths';
import { describeError, validationFields } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field, fieldA11y } from '@/components/ui/field';
import { LanguageTabs } from '@/components/ui/language-tabs';
import { Notice, type NoticeValue } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import type { ContentLanguage } from '@/lib/content-languages';
import { en } from '@/i18n/en';
import { useSendMessage } from '../api/use-send-message';
import { messages, SEGMENTS, type Segment } from '../strings';
import { EventPicker } from './event-picker';
import { MessagePreviewPanel } from './message-preview-panel';
import '../messages.css';

const t = messages.compose;
type Preview = MessagePreviewQuery['messagePreview'];
type Errors = Partial<Record<'eventIds' | 'segment' | 'subject' | 'text' | 'subjectHi' | 'textHi' | 'sendAt', string>>;

/**
 * Messages → Write a message: the events and the people of them, the subject and text in English (and
 * Hindi, optional), now or at a time. Preview shows how many distinct people and the mail in each
 * language; Send asks to confirm with a summary (who, how many, when, which languages) first.
 */
export function ComposeMessagePage() {
  useDocumentTitle(t.title);
  const client = useApolloClient();
  const navigate = useNavigate();
  const [send, sending] = useSendMessage();
  const [eventIds, setEventIds] = useState<string[]>([]);
  const [segment, setSegment] = useState<Segment>('registered');
  const [text, setText] = useState({ subject: '', text: '', subjectHi: '', textHi: '' });
  const [lang, setLang] = useState<ContentLanguage>('en');
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [sendAt, setSendAt] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<NoticeValue | null>(null);

  // Any change makes the preview stale: it is asked for again before sending.
  const changed = () => {
    setPreview(null);
    setNotice(null);
  };
  const setField = (field: keyof typeof text, value: string) => {
    setText((v) => ({ ...v, [field]: value }));
    changed();
  };

  const input = (): MessageInput => ({
    subject: text.subject.trim(),
    text: text.text.trim(),
    subjectHi: text.subjectHi.trim() || null,
    textHi: text.textHi.trim() || null,
    eventIds,
    segment,
    sendAt: when === 'later' && sendAt ? new Date(sendAt).toISOString() : null,
  });

  const check = (): Errors => {
    const e: Errors = {};
    if (!eventIds.length) e.eventIds = t.errors.events;
    if (!text.subject.trim()) e.subject = t.errors.subject;
    if (!text.text.trim()) e.text = t.errors.text;
    if (!!text.subjectHi.trim() !== !!text.textHi.trim()) e[text.subjectHi.trim() ? 'textHi' : 'subjectHi'] = t.errors.hindiPair;
    if (when === 'later' && (!sendAt || new Date(sendAt).getTime() <= Date.now())) e.sendAt = t.errors.sendAt;
    return e;
  };

  /** Counts the people and draws the previews; null when the input or the server said no. */
  const runPreview = async (): Promise<Preview | null> => {
    const problems = check();
    setErrors(problems);
    if (Object.keys(problems).length) {
      if ((problems.subjectHi || problems.textHi) && !problems.subject && !problems.text) setLang('hi');
      else if (problems.subject || problems.text) setLang('en');
      return null;
    }
    setPreviewing(true);
    try {
      const res = await client.query({ query: MessagePreviewDocument, variables: { input: input() }, fetchPolicy: 'network-only' });
      const p = res.data?.messagePreview ?? null;
      setPreview(p);
      return p;
    } catch (err) {
      setErrors(validationFields(err) as Errors);
      setNotice({ kind: 'error', text: describeError(err, t.previewFailed) });
      return null;
    } finally {
      setPreviewing(false);
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const p = await runPreview();
    if (!p) return;
    if (p.recipients === 0 && when === 'now') {
      setNotice({ kind: 'error', text: t.nobody });
      return;
    }
    setConfirming(true);
  };

  const onConfirm = async () => {
    try {
      const res = await send({ variables: { input: input() } });
      const made = res.data?.sendMessage;
      setConfirming(false);
      if (made) navigate(paths.message.getHref(made.id));
    } catch (err) {
      setConfirming(false);
      setErrors(validationFields(err) as Errors);
      setNotice({ kind: 'error', text: describeError(err, t.sendFailed) });
    }
  };

  const hindiGiven = !!(text.subjectHi.trim() && text.textHi.trim());
  const languages = hindiGiven ? `${messages.languages.en}, ${messages.languages.hi}` : messages.languages.en;

  return (
    <div className="stack">
      <PageHeader title={t.title}>
        <p>
          <Link to={paths.messages.getHref()}>← {t.back}</Link>
        </p>
      </PageHeader>
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
      <form className="stack" onSubmit={(e) => void onSubmit(e)} noValidate>
        <section className="card" aria-labelledby="message-who">
          <div className="card-header">
            <h3 id="message-who" className="card-title">
              {t.who}
            </h3>
          </div>
          <EventPicker
            selected={eventIds}
            error={errors.eventIds}
            onChange={(ids) => {
              setEventIds(ids);
              changed();
            }}
          />
          <fieldset className="form-section segment-choices" aria-describedby={errors.segment ? 'segment-error' : undefined}>
            <legend>{t.segment}</legend>
            {SEGMENTS.map((s) => (
              <label key={s} className="checkbox radio-choice">
                <input
                  type="radio"
                  name="segment"
                  value={s}
                  checked={segment === s}
                  onChange={() => {
                    setSegment(s);
                    changed();
                  }}
                />{' '}
                {messages.segments[s]}
              </label>
            ))}
            {errors.segment && (
              <p className="field-error" id="segment-error" role="alert">
                {errors.segment}
              </p>
            )}
          </fieldset>
        </section>

        <section className="card" aria-labelledby="message-content">
          <div className="card-header">
            <h3 id="message-content" className="card-title">
              {t.content}
            </h3>
          </div>
          <LanguageTabs
            id="message-lang"
            active={lang}
            onSelect={setLang}
            tabs={[{ lang: 'en' }, { lang: 'hi', status: hindiGiven ? undefined : en.common.optional }]}
          >
            {(l) => {
              const subjectField = l === 'en' ? 'subject' : 'subjectHi';
              const textField = l === 'en' ? 'text' : 'textHi';
              const hint = l === 'en' ? t.textHint : t.hindiHint;
              return (
                <div lang={l}>
                  <Field id={`message-${subjectField}`} label={t.subject} error={errors[subjectField]} required={l === 'en'}>
                    <input type="text" value={text[subjectField]} maxLength={200} onChange={(e) => setField(subjectField, e.target.value)} {...fieldA11y(`message-${subjectField}`, errors[subjectField], undefined, l === 'en')} />
                  </Field>
                  <Field id={`message-${textField}`} label={t.text} hint={hint} error={errors[textField]} required={l === 'en'}>
                    <textarea rows={8} value={text[textField]} maxLength={10000} onChange={(e) => setField(textField, e.target.value)} {...fieldA11y(`message-${textField}`, errors[textField], hint, l === 'en')} />
                  </Field>
                </div>
              );
            }}
          </LanguageTabs>
        </section>

        <section className="card" aria-labelledby="message-when">
          <div className="card-header">
            <h3 id="message-when" className="card-title">
              {t.when}
            </h3>
          </div>
          <fieldset className="form-section segment-choices">
            <legend className="visually-hidden">{t.when}</legend>
            <label className="checkbox radio-choice">
              <input type="radio" name="when" checked={when === 'now'} onChange={() => { setWhen('now'); changed(); }} /> {t.sendNow}
            </label>
            <label className="checkbox radio-choice">
              <input type="radio" name="when" checked={when === 'later'} onChange={() => { setWhen('later'); changed(); }} /> {t.schedule}
            </label>
          </fieldset>
          {when === 'later' && (
            <Field id="message-send-at" label={t.sendAt} error={errors.sendAt} required>
              <input type="datetime-local" value={sendAt} onChange={(e) => { setSendAt(e.target.value); changed(); }} {...fieldA11y('message-send-at', errors.sendAt, undefined, true)} />
            </Field>
          )}
          <div className="form-actions">
            <button type="button" className="btn btn-secondary" onClick={() => void runPreview()} disabled={previewing} aria-busy={previewing}>
              {previewing ? t.previewing : t.preview}
            </button>
            <button type="submit" className="btn btn-primary" disabled={previewing || sending.loading} aria-busy={sending.loading}>
              {t.send}
            </button>
          </div>
        </section>
      </form>

      {preview && <MessagePreviewPanel preview={preview} />}

      {confirming && preview && (
        <ConfirmDialog
          title={t.confirmTitle}
          confirmLabel={when === 'later' ? t.confirmSchedule : t.confirmSend}
          cancelLabel={en.common.cancel}
          busy={sending.loading}
          onConfirm={() => void onConfirm()}
          onCancel={() => setConfirming(false)}
        >
          <ul className="confirm-summary">
            <li>{t.confirmWho(messages.segments[segment], eventIds.length)}</li>
            <li>{t.confirmCount(preview.recipients)}</li>
            <li>{t.confirmKind(messages.kinds[preview.kind] ?? preview.kind)}</li>
            <li>{when === 'later' && sendAt ? t.confirmWhen(formatDateTime(new Date(sendAt).toISOString())) : t.confirmNow}</li>
            <li>{t.confirmLanguages(languages)}</li>
          </ul>
        </ConfirmDialog>
      )}
    </div>
  );
}

export default ComposeMessagePage;
