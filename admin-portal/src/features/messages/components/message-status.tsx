import { Badge, type BadgeTone } from '@/components/ui/badge';
import { messages as t } from '../strings';

const tones: Record<string, BadgeTone> = { scheduled: 'info', sending: 'warning', sent: 'success', cancelled: 'neutral', queued: 'info', failed: 'danger', skipped: 'neutral' };

/** A message's status (scheduled, sending, sent, cancelled) or a delivery's (queued, sent, failed, skipped) as a badge. */
export function MessageStatus({ status, delivery = false }: { status: string; delivery?: boolean }) {
  const label = (delivery ? t.deliveryStatuses : t.statuses)[status] ?? status;
  return <Badge tone={tones[status] ?? 'neutral'}>{label}</Badge>;
}
