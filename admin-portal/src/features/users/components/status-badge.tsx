import type { UserStatus } from '@/gql/graphql';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { statusLabel } from '../lib/categories';

const tones: Record<string, BadgeTone> = { ACTIVE: 'success', APPROVED: 'success', PENDING: 'warning', REJECTED: 'danger' };

/** A user's status; a missing status shows Pending. */
export function StatusBadge({ status }: { status: UserStatus | string | null | undefined }) {
  const key = (status ?? 'PENDING').toUpperCase();
  return <Badge tone={tones[key] ?? 'warning'}>{statusLabel(status)}</Badge>;
}
