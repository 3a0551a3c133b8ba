import { useTranslation } from '@/i18n/translator';
import type { EventTimes } from '@/lib/date-time';
import { useEventPhase } from '../lib/use-event-phase';

/**
 * Upcoming, Happening now (between its start and its end, India time), Past, or Cancelled (which wins: a
 * cancelled event never takes place). The API's isUpcoming says whether its day has passed; the clock
 * says, within its days, whether it has begun or ended (and the badge changes at the start and the end).
 */
export function EventBadge({
  event,
  className = '',
}: {
  event: EventTimes & { isUpcoming: boolean; cancelled: boolean };
  className?: string;
}) {
  const { t } = useTranslation();
  const clockPhase = useEventPhase(event);
  const phase = event.isUpcoming ? clockPhase : 'after';
  const [modifier, key] = event.cancelled
    ? ['badge--cancelled', 'events.cancelled']
    : phase === 'during'
      ? ['badge--now', 'events.happeningNow']
      : phase === 'before'
        ? ['badge--upcoming', 'events.upcoming']
        : ['badge--past', 'events.past'];
  return <span className={`badge ${modifier} ${className}`.trim()}>{t(key)}</span>;
}
