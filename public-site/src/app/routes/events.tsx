import { EventsCalendarPage } from '@/features/events/components/events-calendar-page';

export default function EventsRoute() {
  return <EventsCalendarPage />;
}
