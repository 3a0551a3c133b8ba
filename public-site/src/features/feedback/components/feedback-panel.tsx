import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/translator';
import type { FeedbackFormFieldsFragment, FeedbackInput } from '@/gql/graphql';
import { formatMoment } from '@/lib/date-time';
import { errorMessageKey } from '@/lib/errors';
import { useLocale } from '@/i18n/use-locale';
import { FeedbackForm } from './feedback-form';

interface Props {
  form: FeedbackFormFieldsFragment;
  saving: boolean;
  save: (input: FeedbackInput) => Promise<unknown>;
}

/** The event's name, until when answers can be changed, the thank-you once saved, and the form. */
export function FeedbackPanel({ form, saving, save }: Props) {
  const { t } = useTranslation();
  const { lang, locale } = useLocale();
  const [saved, setSaved] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const thanksRef = useRef<HTMLParagraphElement>(null);
  const until = formatMoment(form.editableUntil, locale);

  useEffect(() => {
    if (saved) thanksRef.current?.focus();
  }, [saved]);

  const submit = async (input: FeedbackInput) => {
    setServerError(null);
    try {
      await save(input);
      setSaved(true);
    } catch (error) {
      setServerError(t(errorMessageKey(error)));
    }
  };

  return (
    <>
      <p className="account-card__lead">{t('feedback.lead', { title: form.eventTitle })}</p>
      {saved ? (
        <p className="alert alert--success" role="status" tabIndex={-1} ref={thanksRef}>
          {t('feedback.thanks')}
        </p>
      ) : null}
      <p className="feedback-page__meta">
        {form.editable ? t('feedback.editableUntil', { date: t('events.dateTime', { date: until.date, time: until.time }) }) : t('feedback.closed')}
      </p>
      <FeedbackForm key={form.response?.updatedAt ?? 'new'} form={form} language={lang} saving={saving} serverError={serverError} onSubmit={submit} />
    </>
  );
}
