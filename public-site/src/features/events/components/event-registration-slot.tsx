import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { apiPaths } from '@/config/paths';
import { Icon } from '@/components/ui/icon';
import { Toast, useToast } from '@/components/ui/toast';
import type { EventDetailFieldsFragment } from '@/gql/graphql';
import { useAuthToken } from '@/lib/auth-token';
import { useLive } from '@/rendering/use-live';
import { LoginLink, REGISTER_HASH } from './login-link';
import { RegisterButton } from './register-button';
import { WaitlistPanel, type WaitlistAction } from './waitlist-panel';

export interface EventRegistrationSlotProps {
  event: EventDetailFieldsFragment;
}

/** The offer mail links to the event page with this query (contract of issue 11). */
const OFFER_PARAM = 'offer';

/**
 * Registration on the event page: the register control and an Add to calendar download;
 * for a full event (or someone on its list) the waitlist instead; nothing for a cancelled event (the
 * page says so). Past events never reach here (the page says 'This event has already occurred.').
 * Back from signing in or up after Register Now (`#register`, LoginLink): the registration's first
 * button (Register Now, or Join waitlist if the event filled meanwhile) in view and in focus, once.
 */
export function EventRegistrationSlot({ event }: EventRegistrationSlotProps) {
  const { t, i18n } = useTranslation();
  const token = useAuthToken();
  const [params, setParams] = useSearchParams();
  const { toast, show } = useToast();
  const ref = useRef<HTMLDivElement>(null);
  const offerLink = params.get(OFFER_PARAM) === 'accept';
  // Set once the offer is answered here, so that 'no place held' never flashes before the URL changes.
  const [answered, setAnswered] = useState(false);
  const live = useLive();
  const arrivedToRegister = useLocation().hash === REGISTER_HASH && Boolean(token) && !event.cancelled && !event.hasStarted && !event.isRegistered;
  const focusedRegistration = useRef(false);
  useEffect(() => {
    if (!arrivedToRegister || !live || focusedRegistration.current) return;
    // Deferred, so that the layout's scroll-to-top of a newly opened page has already run.
    const timer = window.setTimeout(() => {
      const button = ref.current?.querySelector<HTMLButtonElement>('button:not([disabled])');
      if (!button) return;
      focusedRegistration.current = true;
      button.scrollIntoView?.({ block: 'center' });
      button.focus({ preventScroll: true });
    }, 0);
    return () => window.clearTimeout(timer);
  }, [arrivedToRegister, live]);

  if (event.cancelled) {
    // The page shows 'This event has been cancelled.'; the (fixed) region stays for an error just announced.
    return <Toast toast={toast} />;
  }

  const entry = token ? event.myWaitlist : null;
  const waitlist = !event.hasStarted && !event.isRegistered && (event.isFull || Boolean(entry));
  const offerGone = offerLink && !answered && token && !event.hasStarted && !event.isRegistered && entry?.status !== 'OFFERED';

  const onDone = (action: WaitlistAction, message: string) => {
    show(message, 'success');
    if ((action === 'accept' || action === 'decline') && offerLink) {
      // The offer is answered: the link's query would now only say that there is none.
      setAnswered(true);
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(OFFER_PARAM);
          return next;
        },
        { replace: true },
      );
    }
    // The pressed button is gone (Join → Leave, Accept → Registered): keep the focus in this area.
    ref.current?.focus();
  };

  return (
    <div className="event-registration" id={REGISTER_HASH.slice(1)} ref={ref} tabIndex={-1}>
      {offerLink && !token && !event.hasStarted ? (
        <p className="notice">
          {t('waitlist.loginToAccept')} <LoginLink />
        </p>
      ) : null}
      {offerGone ? <p className="notice">{t('waitlist.noOffer')}</p> : null}
      {arrivedToRegister && !waitlist ? <p className="notice">{t('eventRegistration.signedInReady')}</p> : null}
      {waitlist ? (
        <WaitlistPanel event={event} offerLink={offerLink} onDone={onDone} onError={(message) => show(message, 'error')} />
      ) : (
        <RegisterButton event={event} show={show} />
      )}
      {!event.hasStarted ? (
        <a className="event-registration__calendar" href={apiPaths.eventIcs(event.id, i18n.language)} download>
          <Icon name="calendar" size={20} />
          {t('eventRegistration.addToCalendar')}
        </a>
      ) : null}
      <Toast toast={toast} />
    </div>
  );
}
