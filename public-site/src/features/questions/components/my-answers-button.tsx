import { useState } from 'react';
import { useTranslation } from '@/i18n/translator';
import { Toast, useToast } from '@/components/ui/toast';
import { errorCode, validationFields } from '@/lib/errors';
import { answerErrorsOf } from '../lib/answers';
import { useUpdateMyAnswers } from '../api/use-update-my-answers';
import { QuestionsDialog } from './questions-dialog';

/** 'My events': the registrant's answers to an event's questions, changed until it starts. */
export function MyAnswersButton({ event }: { event: { id: string; title: string; hasStarted: boolean } }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { toast, show } = useToast();
  const [update] = useUpdateMyAnswers();
  if (event.hasStarted) return null;

  return (
    <>
      <button type="button" className="button button--secondary button--small" onClick={() => setOpen(true)}>
        {t('questions.editAnswers')}
        <span className="visually-hidden"> {t('myEvents.forEvent', { title: event.title })}</span>
      </button>
      {open ? (
        <QuestionsDialog
          eventId={event.id}
          eventTitle={event.title}
          mode="edit"
          onClose={() => setOpen(false)}
          onSubmit={async (answers) => {
            try {
              await update({ variables: { input: { eventId: event.id, answers } } });
              setOpen(false);
              show(t('questions.saved'), 'success');
            } catch (error) {
              const fields = answerErrorsOf(validationFields(error));
              if (Object.keys(fields).length) return fields;
              setOpen(false);
              show(t(errorCode(error) === 'EVENT_PAST' ? 'questions.closed' : 'questions.saveFailed'), 'error');
            }
          }}
        />
      ) : null}
      <Toast toast={toast} />
    </>
  );
}
