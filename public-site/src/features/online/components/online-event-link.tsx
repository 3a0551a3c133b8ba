import { Suspense } from 'react';
import { lazyPart } from '@/rendering/lazy-part';
import { useAuthToken } from '@/lib/auth-token';

// Only a signed-in reader may have the link: its code (and the data layer) loads for them only.
const MeetingLinkPanel = lazyPart<{ eventId: string }>(() => import('./meeting-link-panel').then((m) => ({ default: m.MeetingLinkPanel })), { data: 'when-wanted' });

/**
 * Where an online event's page shows its meeting link: never in the page the server draws (it is drawn
 * signed out), only once a signed-in reader's browser asks the API for it.
 */
export function OnlineEventLink({
  event,
  complete,
}: {
  event: { id: string; isOnline?: boolean | null; isRegistered?: boolean | null; cancelled: boolean };
  complete: boolean;
}) {
  const token = useAuthToken();
  // The API's isOnline counts the sessions' links too (a hybrid course).
  if (!complete || !token || !event.isOnline || event.cancelled) return null;
  return (
    <Suspense fallback={null}>
      <MeetingLinkPanel key={String(event.isRegistered)} eventId={event.id} />
    </Suspense>
  );
}
