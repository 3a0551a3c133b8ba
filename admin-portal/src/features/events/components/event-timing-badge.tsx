import type { EventTiming } from '@/gql/graphql';
import { Badge } from '@/components/ui/badge';
import { en } from '@/i18n/en';

const tones = { UPCOMING: 'info', ACTIVE: 'success', PAST: 'neutral' } as const;

export function EventTimingBadge({ timing }: { timing: EventTiming }) {
  return <Badge tone={tones[timing] ?? 'neutral'}>{en.events.timing[timing] ?? timing}</Badge>;
}
