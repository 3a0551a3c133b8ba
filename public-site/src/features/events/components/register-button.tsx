import { useId, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/translator';
import { Modal } from '@/components/ui/modal';
import { Toast, useToast } from '@/components/ui/toast';
import { useAuthToken } from '@/lib/auth-token';
import { earlyPress, useEarlyPresses } from '@/rendering/early-press';
import { errorCode, validationFields } from '@/lib/errors';
import type { AnswerInput } from '@/gql/graphql';
import { QuestionsDialog } from '@/features/questions/components/questions-dialog';
import { answerErrorsOf, type PublicQuestion } from '@/features/questions/lib/answers';
import { useMarkEventCancelled, useMarkEventFull, useRegisterForEvent, useUnregisterFromEvent } from '../api/use-event-registration';
import { useRefreshEvent } from '../api/use-waitlist';
import { Icon } from '@/components/ui/icon';
import { LoginLink, SignInFirst } from './login-link';

export interface RegistrationState {
  id: string;
  title: string;
  isRegistered: boolean;
  isFull: boolean;
  hasStarted: boolean;
  /** People waiting for a place: an unregistration offers the place to the first of them. */
  waitlistCount?: number | null;
  /** Registration questions: asked in a dialog before registering (unknown on cards: asked when the server wants answers). */
  questions?: readonly PublicQuestion[] | null;
}

/**
 * The event registration control: Register Now; disabled Event Full; disabled Registered
 * plus Unregister, which asks first (a dialog that says where the place goes: to the next person
 * waiting, or free for anyone); nothing once the event has started. Toasts for 3 seconds. Error codes
 * become catalogue messages; the server's English text is never parsed. Signed out, Register Now asks
 * to log in with a link that comes back here with Register Now in focus (`#register`, see
 * EventRegistrationSlot).
 * `compact` is the small variant on event cards (shown only to signed-in users).
 */
export function RegisterButton({
  event,
  compact = false,
  show: showInSlot,
}: {
  event: RegistrationState;
  compact?: boolean;
  /**
   * Where its messages go when the page's registration area has a toast of its own: an unregistration
   * can turn this control into the waiting list's (the freed place belongs to the people waiting), and
   * a toast of its own would go with it.
   */
  show?: (text: string, tone: 'success' | 'error') => void;
}) {
  const { t } = useTranslation();
  const token = useAuthToken();
  const own = useToast();
  const show = showInSlot ?? own.show;
  const [register, { loading: registering }] = useRegisterForEvent();
  const [unregister, { loading: unregistering }] = useUnregisterFromEvent();
  const markFull = useMarkEventFull();
  const markCancelled = useMarkEventCancelled();
  const refresh = useRefreshEvent();
  const [needsLogin, setNeedsLogin] = useState<'register' | 'unregister' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [asking, setAsking] = useState(false);
  const confirmId = useId();
  // Register Now pressed before the page was live (drawn by the server, hydrating) is pressed again once it is.
  const control = useRef<HTMLDivElement>(null);
  useEarlyPresses(control);

  if (event.hasStarted) return compact ? null : <p className="notice">{t('eventRegistration.closed')}</p>;
  if (compact && !token) return null;

  const onRegister = async () => {
    if (!token) {
      setNeedsLogin('register');
      return;
    }
    if (event.questions?.length) {
      setAsking(true);
      return;
    }
    await registerWith(undefined);
  };

  /** Registers with these answers; resolves with the server's messages per question when it refused them. */
  const registerWith = async (answers: AnswerInput[] | undefined): Promise<Record<string, string> | void> => {
    try {
      await register({ variables: { eventId: event.id, answers } });
      setNeedsLogin(null);
      setAsking(false);
      show(t('eventRegistration.success'), 'success');
    } catch (error) {
      const code = errorCode(error);
      const refused = code === 'VALIDATION' ? answerErrorsOf(validationFields(error)) : {};
      if (Object.keys(refused).length) {
        // Answers wanted (an event card does not know its questions): the dialog asks them.
        if (!asking) setAsking(true);
        return refused;
      }
      setAsking(false);
      if (code === 'EVENT_FULL') {
        markFull(event.id);
        // Read again: whether the last place is held for someone from the waitlist, and how many wait.
        refresh(event.id);
        show(t('errors.EVENT_FULL'), 'error');
      } else if (code === 'UNAUTHENTICATED') {
        setNeedsLogin('register');
        show(t('eventRegistration.loginRequired'), 'error');
      } else if (code === 'EVENT_CANCELLED') {
        // The cached event turns cancelled: the page and the card say so, and this control goes away.
        markCancelled(event.id);
      } else if (code === 'EVENT_PAST') {
        show(t('errors.EVENT_PAST'), 'error');
      } else {
        show(t('eventRegistration.failure'), 'error');
      }
    }
  };

  // Someone waits for this place: the unregistration offers it to them (the server's offer job).
  const toWaitlist = (event.waitlistCount ?? 0) > 0;

  const askUnregister = () => {
    if (!token) {
      setNeedsLogin('unregister');
      show(t('eventRegistration.loginRequiredUnregister'), 'error');
      return;
    }
    setConfirming(true);
  };

  const onUnregister = async () => {
    setConfirming(false);
    try {
      await unregister({ variables: { eventId: event.id } });
      show(t(toWaitlist ? 'eventRegistration.unregisteredToWaitlist' : 'eventRegistration.unregistered'), 'success');
    } catch (error) {
      const code = errorCode(error);
      if (code === 'UNAUTHENTICATED') {
        setNeedsLogin('unregister');
        show(t('eventRegistration.loginRequiredUnregister'), 'error');
      } else {
        show(t('eventRegistration.unregisterFailure'), 'error');
      }
    }
  };

  const size = compact ? ' button--small' : '';
  let buttons;
  if (event.isRegistered) {
    buttons = (
      <>
        <button
          type="button"
          className={`button button--success${size}`}
          disabled
          aria-label={compact ? t('eventRegistration.registeredFor', { title: event.title }) : undefined}
        >
          <Icon name="check" size="1em" strokeWidth={2.5} />
          {t('eventRegistration.registered')}
        </button>
        {compact ? null : (
          <button type="button" className="button button--ghost" onClick={askUnregister} disabled={unregistering}>
            {unregistering ? t('eventRegistration.unregistering') : t('eventRegistration.unregister')}
          </button>
        )}
      </>
    );
  } else if (event.isFull) {
    buttons = (
      <button
        type="button"
        className={`button button--ghost${size}`}
        disabled
        aria-label={compact ? t('eventRegistration.fullFor', { title: event.title }) : undefined}
      >
        {t('eventRegistration.full')}
      </button>
    );
  } else {
    // A submit button of a GET of /login: without script (or before live) a signed-out reader is taken there.
    buttons = (
      <SignInFirst>
        <button
          type="submit"
          className={`button button--primary${size}`}
          onClick={onRegister}
          disabled={registering}
          {...earlyPress(`register:${compact ? 'card:' : ''}${event.id}`)}
          aria-label={compact ? t('eventRegistration.registerFor', { title: event.title }) : undefined}
        >
          {registering ? t('eventRegistration.registering') : t('eventRegistration.registerNow')}
        </button>
      </SignInFirst>
    );
  }

  return (
    <div className={compact ? 'register-control register-control--compact' : 'register-control'} ref={control}>
      <div className="register-control__buttons">{buttons}</div>
      {needsLogin ? (
        <p className="alert alert--error register-control__login" role="alert">
          {needsLogin === 'register' ? t('eventRegistration.loginRequired') : t('eventRegistration.loginRequiredUnregister')}{' '}
          <LoginLink focus={needsLogin === 'register' ? 'register' : undefined} />
        </p>
      ) : null}
      {asking ? (
        <QuestionsDialog eventId={event.id} eventTitle={event.title} mode="register" questions={event.questions} onSubmit={registerWith} onClose={() => setAsking(false)} />
      ) : null}
      {confirming ? (
        <Modal title={t('eventRegistration.unregisterTitle')} onClose={() => setConfirming(false)} describedBy={confirmId} className="confirm-dialog">
          <p id={confirmId}>
            {t(toWaitlist ? 'eventRegistration.unregisterToWaitlist' : event.isFull ? 'eventRegistration.unregisterFreeFull' : 'eventRegistration.unregisterFree')}
          </p>
          <div className="register-control__buttons confirm-dialog__buttons">
            <button type="button" className="button button--primary" onClick={() => setConfirming(false)} data-autofocus>
              {t('eventRegistration.keepPlace')}
            </button>
            <button type="button" className="button button--ghost" onClick={onUnregister}>
              {t('eventRegistration.unregisterYes')}
            </button>
          </div>
        </Modal>
      ) : null}
      {showInSlot ? null : <Toast toast={own.toast} />}
    </div>
  );
}
