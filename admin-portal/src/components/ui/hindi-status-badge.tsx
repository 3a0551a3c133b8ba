import { en } from '@/i18n/en';
import type { HindiStatus } from '@/lib/content-languages';
import { Badge } from './badge';

/** 'No Hindi' / 'Hindi incomplete' beside a record in a list; nothing when Hindi is complete. */
export function HindiStatusBadge({ status }: { status: HindiStatus }) {
  if (status === 'complete') return null;
  return <Badge tone={status === 'missing' ? 'warning' : 'info'}>{status === 'missing' ? en.content.noHindi : en.content.hindiIncomplete}</Badge>;
}
