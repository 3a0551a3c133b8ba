import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/translator';
import type { EventDetailFieldsFragment } from '@/gql/graphql';
import { useLocale } from '@/i18n/use-locale';
import { useAuthToken } from '@/lib/auth-token';
import { errorCode, validationFields } from '@/lib/errors';
import type { AnswerInput } from '@/gql/graphql';
import { QuestionsDialog } from '@/features/questions/components/questions-dialog';
import { answerErrorsOf } from '@/features/questions/lib/answers';
import { indiaParts } from '@/lib/date-time';
import { formatEventDate, formatEventTime, formatNumber } from '@/lib/format';
import { useMarkEventCancelled } from '../api/use-event-registration';
import {
  useAcceptWaitlistOffer,
  useDeclineWaitlistOffer,
  useJoinWaitlist,
  useLeaveWaitlist,
  useRefreshEvent,
} from '../api/use-waitlist';
import { LoginLink, SignInFirst } from './login-link';
import { earlyPress, useEarlyPresses } from '@/rendering/early-press';

export type WaitlistAction = 'join' | 'leave' | 'accept' | 'decline';
type Action = WaitlistAction;

const loginKey: Record<Action, string> = {
  join: 'waitlist.loginRequired',
  leave: 'errors.UNAUTHENTICATED',
  accept: 'waitlist.loginToAccept',
  decline: 'errors.UNAUTHENTICATED',
};

const failureKey: Record<Action, string> = {
  join: 'waitlist.joinFailure',
  leave: 'waitlist.leaveFailure',
  accept: 'waitlist.acceptFailure',
  decline: 'waitlist.declineFailure',
};

const successKey: Record<Action, string> = {
  join: 'waitlist.joined',
  leave: 'waitlist.left',
  accept: 'waitlist.accepted',
  decline: 'waitlist.declined',
};

export interface WaitlistPanelProps {
  event: EventDetailFieldsFragment;
  /** The page was opened from the offer mail's link (`?offer=accept`): bring the offer into view. */
  offerLink: boolean;
  /** After a change: the slot announces it (toast) and takes the focus (the pressed button is gone). */
  onDone: (action: Action, message: string) => void;
  /** Messages that outlive the panel (EVENT_CANCELLED replaces it with the cancelled notice). */
  onError: (message: string) => void;
}

/**
 * The waitlist of a full event (issue 11): Join waitlist; then the person's number and Leave waitlist;
 * with a live offer (OFFERED), until when the place is held, Accept your place and Decline. Signed out,
 * Join asks to log in first. Error codes become catalogue messages; the server's text is never shown.
 */
export function WaitlistPanel({ event, offerLink, onDone, onError }: WaitlistPanelProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const id = useId();
  const token = useAuthToken();
  const [join, { loading: joining }] = useJoinWaitlist();
  const [leave, { loading: leaving }] = useLeaveWaitlist();
  const [accept, { loading: accepting }] = useAcceptWaitlistOffer();
  const [decline, { loading: declining }] = useDeclineWaitlistOffer();
  const markCancelled = useMarkEventCancelled();
  const refresh = useRefreshEvent();
  const [failure, setFailure] = useState<string | null>(null);
  const [needsLogin, setNeedsLogin] = useState<Action | null>(null);
  const [confirmDecline, setConfirmDecline] = useState(false);
  // The event's questions are answered on joining: the answers go with a place offered later.
  const [askingJoin, setAskingJoin] = useState(false);
  const acceptRef = useRef<HTMLButtonElement>(null);
  const busy = joining || leaving || accepting || declining;
  // Join pressed before the page was live (drawn by the server, hydrating) is pressed again once it is.
  const panel = useRef<HTMLDivElement>(null);
  useEarlyPresses(panel);
  const entry = token ? event.myWaitlist : null;
  const offered = entry?.status === 'OFFERED';

  // From the offer mail: scroll the held place into view and put the focus on Accept, once. Deferred
  // so that the layout's scroll-to-top of a newly opened page has already run.
  const focusedOffer = useRef(false);
  useEffect(() => {
    if (!offerLink || !offered || focusedOffer.current) return;
    const timer = window.setTimeout(() => {
      const button = acceptRef.current;
      if (!button) return;
      focusedOffer.current = true;
      button.scrollIntoView?.({ block: 'center' });
      button.focus({ preventScroll: true });
    }, 0);
    return () => window.clearTimeout(timer);
  }, [offerLink, offered]);

  const fail = (action: Action, error: unknown) => {
    const code = errorCode(error);
    if (code === 'UNAUTHENTICATED') {
      setNeedsLogin(action);
      return;
    }
    if (code === 'EVENT_CANCELLED') {
      markCancelled(event.id); // the page now says the event has been cancelled; no controls remain
      onError(t('errors.EVENT_CANCELLED'));
      return;
    }
    if (code === 'CONFLICT' || code === 'NOT_FOUND' || code === 'EVENT_FULL' || code === 'EVENT_PAST') {
      // The page was out of date (the offer expired, a place was taken, already registered…).
      refresh(event.id);
      if (code === 'CONFLICT') {
        setFailure(t(action === 'accept' || action === 'decline' ? 'waitlist.noOffer' : 'waitlist.changed'));
      } else if (code === 'NOT_FOUND') {
        setFailure(t('eventDetail.notFound'));
      } else {
        setFailure(t(`errors.${code}`));
      }
      return;
    }
    if (code === 'RATE_LIMITED') {
      setFailure(t('errors.RATE_LIMITED'));
      return;
    }
    setFailure(t(failureKey[action]));
  };

  const run = async (action: Action) => {
    setFailure(null);
    if (!token) {
      setNeedsLogin(action);
      return;
    }
    setNeedsLogin(null);
    if (action === 'join' && event.questions?.length) {
      setAskingJoin(true);
      return;
    }
    const variables = { eventId: event.id };
    try {
      if (action === 'join') await join({ variables });
      else if (action === 'leave') await leave({ variables });
      else if (action === 'accept') await accept({ variables });
      else await decline({ variables });
      setConfirmDecline(false);
      onDone(action, t(successKey[action]));
    } catch (error) {
      setConfirmDecline(false);
      fail(action, error);
    }
  };

  const joinWith = async (answers: AnswerInput[]): Promise<Record<string, string> | void> => {
    try {
      await join({ variables: { eventId: event.id, answers } });
      setAskingJoin(false);
      onDone('join', t(successKey.join));
    } catch (error) {
      const refused = errorCode(error) === 'VALIDATION' ? answerErrorsOf(validationFields(error)) : {};
      if (Object.keys(refused).length) return refused;
      setAskingJoin(false);
      fail('join', error);
    }
  };

  let body;
  if (offered && entry) {
    const until = entry.offerExpiresAt ? indiaParts(entry.offerExpiresAt) : null;
    body = (
      <div className="waitlist__offer">
        <p className="waitlist__offer-heading">{t('waitlist.offerHeading')}</p>
        <p id={`${id}-until`} className="waitlist__status">
          {until
            ? t('waitlist.offerUntil', {
                date: t('events.dateTime', { date: formatEventDate(until.date, locale, 'long'), time: formatEventTime(until.time, locale) }),
              })
            : t('waitlist.offerHeld')}
        </p>
        {confirmDecline ? (
          <div className="waitlist__confirm" role="group" aria-labelledby={`${id}-confirm`}>
            <p id={`${id}-confirm`}>{t('waitlist.declineConfirm')}</p>
            <div className="register-control__buttons">
              <button type="button" className="button button--ghost" onClick={() => run('decline')} disabled={busy}>
                {declining ? t('waitlist.declining') : t('waitlist.declineYes')}
              </button>
              <button type="button" className="button button--secondary" onClick={() => setConfirmDecline(false)} disabled={busy}>
                {t('waitlist.keepPlace')}
              </button>
            </div>
          </div>
        ) : (
          <div className="register-control__buttons">
            <button
              ref={acceptRef}
              type="button"
              className="button button--primary"
              onClick={() => run('accept')}
              disabled={busy}
              aria-describedby={`${id}-until`}
            >
              {accepting ? t('waitlist.accepting') : t('waitlist.accept')}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setConfirmDecline(true)} disabled={busy}>
              {t('waitlist.decline')}
            </button>
          </div>
        )}
      </div>
    );
  } else if (entry) {
    body = (
      <>
        <p className="waitlist__status">
          {entry.position != null ? t('waitlist.position', { position: formatNumber(entry.position, locale) }) : t('waitlist.onList')}
        </p>
        <p className="waitlist__hint">{t('waitlist.waitingHint')}</p>
        <div className="register-control__buttons">
          <button type="button" className="button button--ghost" onClick={() => run('leave')} disabled={busy}>
            {leaving ? t('waitlist.leaving') : t('waitlist.leave')}
          </button>
        </div>
      </>
    );
  } else {
    body = (
      <>
        <p className="waitlist__status">
          {/* A place offered to someone waiting is not taken yet: say it is held, not that the event is simply full. */}
          {event.offeredCount ? t('waitlist.heldStatus', { count: event.offeredCount, n: formatNumber(event.offeredCount, locale) }) : t('eventDetail.full')}
        </p>
        <div className="register-control__buttons">
          {/* Without script (or before live): a GET of /login that comes back here (SignInFirst). */}
          <SignInFirst>
            <button type="submit" className="button button--primary" onClick={() => run('join')} disabled={busy} aria-describedby={`${id}-hint`} {...earlyPress(`waitlist:${event.id}`)}>
              {joining ? t('waitlist.joining') : t('waitlist.join')}
            </button>
          </SignInFirst>
        </div>
        <p id={`${id}-hint`} className="waitlist__hint">
          {t('waitlist.joinHint')}
        </p>
      </>
    );
  }

  return (
    <div className="waitlist" ref={panel}>
      {body}
      {needsLogin ? (
        <p className="alert alert--error register-control__login" role="alert">
          {t(loginKey[needsLogin])} <LoginLink focus={needsLogin === 'join' ? 'register' : undefined} />
        </p>
      ) : null}
      {failure ? (
        <p className="alert alert--error register-control__login" role="alert">
          {failure}
        </p>
      ) : null}
      {askingJoin ? (
        <QuestionsDialog eventId={event.id} eventTitle={event.title} mode="waitlist" questions={event.questions} onSubmit={joinWith} onClose={() => setAskingJoin(false)} />
      ) : null}
    </div>
  );
}
