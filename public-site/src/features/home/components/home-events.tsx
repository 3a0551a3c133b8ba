import { useTranslation } from '@/i18n/translator';
import { EventsCarousel } from '@/features/events/components/events-carousel';
import { useEvents } from '@/features/events/api/use-events';
import { notOver } from '@/lib/date-time';

const CAROUSELS = {
  PAST: { title: 'home.pastEvents', empty: 'home.noPastEvents' },
  UPCOMING: { title: 'home.upcomingEvents', empty: 'home.noUpcomingEvents' },
} as const;

function EventsOf({ when }: { when: keyof typeof CAROUSELS }) {
  const { t } = useTranslation();
  const { data, loading, error } = useEvents({ when });
  // Public lists stay empty on failure (logged only).
  if (error) console.warn(`${when.toLowerCase()} events failed to load`, error);
  const items = data?.events.items ?? [];
  // An event that ended earlier today is by date still UPCOMING to the API: it is not coming up any more.
  return <EventsCarousel name={when.toLowerCase()} title={t(CAROUSELS[when].title)} events={when === 'UPCOMING' ? notOver(items) : items} loading={loading} emptyText={t(CAROUSELS[when].empty)} />;
}

/** The home page's past and upcoming events: a data part (the page itself needs no data layer). */
export default function HomeEvents() {
  return (
    <>
      <EventsOf when="PAST" />
      <EventsOf when="UPCOMING" />
    </>
  );
}
