import { useTranslation } from '@/i18n/translator';

/** Upcoming, Past, or Cancelled (which wins: a cancelled event never takes place). */
export function EventBadge({ event, className = '' }: { event: { isUpcoming: boolean; cancelled: boolean }; className?: string }) {
  const { t } = useTranslation();
  const [modifier, key] = event.cancelled
    ? ['badge--cancelled', 'events.cancelled']
    : event.isUpcoming
      ? ['badge--upcoming', 'events.upcoming']
      : ['badge--past', 'events.past'];
  return <span className={`badge ${modifier} ${className}`.trim()}>{t(key)}</span>;
}
