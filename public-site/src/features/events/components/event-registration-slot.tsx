import { useTranslation } from 'react-i18next';
import { apiPaths } from '@/config/paths';
import { Icon } from '@/components/ui/icon';
import type { EventDetailFieldsFragment } from '@/gql/graphql';
import { RegisterButton } from './register-button';

export interface EventRegistrationSlotProps {
  event: EventDetailFieldsFragment;
}

/**
 * Registration on the event page (SPEC 2.9): the register control and an Add to calendar download.
 * Past events never reach here (the page says 'This event has already occurred.').
 */
export function EventRegistrationSlot({ event }: EventRegistrationSlotProps) {
  const { t } = useTranslation();
  return (
    <div className="event-registration">
      <RegisterButton event={event} />
      {!event.hasStarted ? (
        <a className="event-registration__calendar" href={apiPaths.eventIcs(event.id)} download>
          <Icon name="calendar" size={20} />
          {t('eventRegistration.addToCalendar')}
        </a>
      ) : null}
    </div>
  );
}
