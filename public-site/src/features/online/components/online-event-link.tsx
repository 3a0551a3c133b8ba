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
  event: { id: string; isOnline?: boolean | null; isRegistered?: boolean | null; cancelled: boolean; sessions?: readonly { isOnline?: boolean | null }[] | null };
  complete: boolean;
}) {
  const token = useAuthToken();
  // Online: the event itself, or one of its sessions (a hybrid course).
  const online = event.isOnline || !!event.sessions?.some((s) => s.isOnline);
  if (!complete || !token || !online || event.cancelled) return null;
  return (
    <Suspense fallback={null}>
      <MeetingLinkPanel key={String(event.isRegistered)} eventId={event.id} />
    </Suspense>
  );
}
