import { useEffect, useId, useState } from 'react';
import { useTranslation } from '@/i18n/translator';
import { Modal } from '@/components/ui/modal';
import { EventQuestionsAndAnswersDocument, type AnswerInput } from '@/gql/graphql';
import { useDataClient } from '@/rendering/use-data-client';
import type { PublicQuestion, StoredAnswer } from '../lib/answers';
import { QuestionsForm } from './questions-form';

export interface QuestionsDialogProps {
  eventId: string;
  eventTitle: string;
  /** register / waitlist: before taking a place or joining the list; edit: 'My events'. */
  mode: 'register' | 'waitlist' | 'edit';
  /** The questions when the page has them; otherwise (an event card, 'My events') they are loaded, with the reader's answers. */
  questions?: readonly PublicQuestion[] | null;
  onSubmit: (answers: AnswerInput[]) => Promise<Record<string, string> | void>;
  onClose: () => void;
}

/** The registration questions in a dialog, in the reader's language. */
export function QuestionsDialog({ eventId, eventTitle, mode, questions: given, onSubmit, onClose }: QuestionsDialogProps) {
  const { t } = useTranslation();
  const introId = useId();
  const withClient = useDataClient();
  const needsLoad = mode === 'edit' || !given;
  const [loaded, setLoaded] = useState<{ questions: readonly PublicQuestion[]; stored: readonly StoredAnswer[] } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!needsLoad) return;
    let live = true;
    const load = async () => {
      const query = await withClient((client) => client.query({ query: EventQuestionsAndAnswersDocument, variables: { id: eventId }, fetchPolicy: 'network-only' }));
      return query;
    };
    load()
      .then(({ data }) => {
        if (live && data) setLoaded({ questions: data.event.questions, stored: data.event.myAnswers ?? [] });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [needsLoad, eventId, withClient]);

  const questions = needsLoad ? loaded?.questions : given;
  const submitLabel = t(mode === 'register' ? 'questions.submitRegister' : mode === 'waitlist' ? 'questions.submitWaitlist' : 'questions.submitSave');
  const title = mode === 'edit' ? t('questions.editAnswersFor', { title: eventTitle }) : t('questions.title');

  return (
    <Modal title={title} onClose={onClose} describedBy={introId} className="questions-dialog">
      <p id={introId} className="questions-dialog__intro">
        {mode === 'waitlist' ? t('questions.introWaitlist', { title: eventTitle }) : t('questions.intro', { title: eventTitle })}
      </p>
      {failed ? (
        <p className="alert alert--error" role="alert">
          {t('questions.loadFailed')}
        </p>
      ) : !questions ? (
        <p role="status">{t('questions.loading')}</p>
      ) : (
        <QuestionsForm questions={questions} stored={loaded?.stored} submitLabel={submitLabel} idPrefix={`q-${eventId.slice(0, 8)}`} onSubmit={onSubmit} onCancel={onClose} />
      )}
    </Modal>
  );
}
