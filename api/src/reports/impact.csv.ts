import { CSV_BOM, csvCell } from '../exports/csv';
import type { ImpactReport } from './report.types';

const line = (...cells: unknown[]) => cells.map(csvCell).join(',');

/**
 * The report as CSV for a spreadsheet: the figures as (figure, value) rows, then the month-by-month
 * trend, the people reached per category, district and school, each a block under its own header row,
 * blocks apart by an empty line. English headers (the PDF is the translated document).
 */
export function impactCsv(r: ImpactReport): string {
  const rate = r.registrations ? (r.attendanceRate * 100).toFixed(1) : '';
  const blocks: string[][] = [
    [
      line('Figure', 'Value'),
      line('From', r.from),
      line('To', r.to),
      line('Event category', r.category ?? 'all'),
      line('Generated at', r.generatedAt.toISOString()),
      line('Events held', r.events),
      line('Registrations', r.registrations),
      line('Attended', r.attended),
      line('Attendance rate (%)', rate),
      line('People registered', r.peopleRegistered),
      line('People reached (attended)', r.peopleReached),
      line('Teachers reached', r.teachersReached),
      line('Students reached', r.studentsReached),
      line('Certificates issued', r.certificates),
      line('Feedback responses', r.feedback.responses),
      line('Feedback: usefulness (1-5)', r.feedback.usefulness ?? ''),
      line('Feedback: overall (1-5)', r.feedback.overall ?? ''),
    ],
    [line('Month', 'Events', 'Registrations', 'Attended', 'Certificates'), ...r.months.map((m) => line(m.month, m.events, m.registrations, m.attended, m.certificates))],
    [line('User category', 'People reached'), ...r.reachedByCategory.map((c) => line(c.category, c.people))],
    [line('District', 'People reached'), ...r.reachedByDistrict.map((g) => line(g.name ?? '(not given)', g.people))],
    [line('School', 'People reached'), ...r.reachedBySchool.map((g) => line(g.name ?? '(not given)', g.people))],
  ];
  return CSV_BOM + blocks.map((b) => b.join('\r\n')).join('\r\n\r\n') + '\r\n';
}
