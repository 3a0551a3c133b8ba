import { useTranslation } from '@/i18n/translator';
import { EventsCarousel } from '@/features/events/components/events-carousel';
import { useEvents } from '@/features/events/api/use-events';

function PastEvents() {
  const { t } = useTranslation();
  const { data, loading, error } = useEvents({ when: 'PAST' });
  // Public lists stay empty on failure (logged only).
  if (error) console.warn('past events failed to load', error);
  return (
    <EventsCarousel
      title={t('home.pastEvents')}
      events={data?.events.items ?? []}
      loading={loading}
      emptyText={t('home.noPastEvents')}
    />
  );
}

function UpcomingEvents() {
  const { t } = useTranslation();
  const { data, loading, error } = useEvents({ when: 'UPCOMING' });
  if (error) console.warn('upcoming events failed to load', error);
  return (
    <EventsCarousel
      title={t('home.upcomingEvents')}
      events={data?.events.items ?? []}
      loading={loading}
      emptyText={t('home.noUpcomingEvents')}
    />
  );
}

/** The home page's past and upcoming events: a data part (the page itself needs no data layer). */
export default function HomeEvents() {
  return (
    <>
      <PastEvents />
      <UpcomingEvents />
    </>
  );
}
