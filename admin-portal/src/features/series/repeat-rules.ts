// The Repeat dialog's values and rules (the API's: weekly or monthly, until a date or for 2-52 dates).
import type { RepeatEventInput } from '@/gql/graphql';
import { en } from '@/i18n/en';

export const MAX_SERIES_DATES = 52;
const t = en.series;

export interface RepeatValues {
  frequency: 'WEEKLY' | 'MONTHLY';
  ends: 'count' | 'until';
  count: string;
  until: string;
}
export const emptyRepeat: RepeatValues = { frequency: 'WEEKLY', ends: 'count', count: '4', until: '' };

export function validateRepeat(values: RepeatValues, eventDate: string): Partial<Record<'count' | 'until', string>> {
  if (values.ends === 'count') {
    const n = Number(values.count);
    return /^\d+$/.test(values.count.trim()) && n >= 2 && n <= MAX_SERIES_DATES ? {} : { count: t.countRange };
  }
  if (!values.until) return { until: t.untilRequired };
  if (values.until <= eventDate.slice(0, 10)) return { until: t.untilAfter };
  return {};
}

export const toRepeatInput = (values: RepeatValues): RepeatEventInput =>
  values.ends === 'count' ? { frequency: values.frequency, count: Number(values.count) } : { frequency: values.frequency, until: values.until };
