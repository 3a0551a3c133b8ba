import type { ContactStatus } from '@/gql/graphql';
import { Badge } from '@/components/ui/badge';
import { en } from '@/i18n/en';

const tones = { NEW: 'info', IN_PROGRESS: 'warning', RESOLVED: 'success' } as const;

export function ContactStatusBadge({ status }: { status: ContactStatus }) {
  return <Badge tone={tones[status] ?? 'neutral'}>{en.contacts.statuses[status] ?? status}</Badge>;
}
