import { EventDetailPage } from '@/features/events/components/event-detail-page';

export default function EventDetailRoute() {
  return <EventDetailPage />;
}
