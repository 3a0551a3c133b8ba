import type { CsvColumn } from '../exports/csv';
import type { EventSessionView } from './session.types';

/**
 * One column per session (attended: yes or no) for the CSV exports; none for a single-session event, whose
 * files keep their columns (its attendance is the check-in column).
 */
export function sessionColumns<R>(sessions: EventSessionView[], attended: (row: R) => readonly string[]): CsvColumn<R>[] {
  if (sessions.length < 2) return [];
  return sessions.map((s, i) => ({
    header: `session ${i + 1} (${s.date} ${s.time})`,
    value: (row: R) => (attended(row).includes(s.id) ? 'yes' : 'no'),
  }));
}
