import type { DataSource } from 'typeorm';
import type { Clock } from '../common/clock';
import { validationError } from '../common/errors';
import { validateInput } from '../common/validate';
import { impactCsv } from './impact.csv';
import { renderImpactPdf, type ImpactPdfLanguage } from './impact.pdf';
import { IMPACT_SQL } from './impact.sql';
import { ImpactReportFilter, type ImpactReport } from './report.types';

/** The longest period a report covers (its month-by-month trend stays readable, its query bounded). */
export const MAX_PERIOD_YEARS = 5;

const isCalendarDate = (d: string) => {
  const t = new Date(`${d}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d;
};

type Json = Record<string, unknown>;
const parse = (v: unknown): Json => (typeof v === 'string' ? JSON.parse(v) : (v as Json));
const num = (v: unknown) => Number(v ?? 0);
const maybe = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The impact report for donors: figures in SQL (impact.sql.ts), and as CSV and PDF. */
export class ReportService {
  constructor(private readonly dataSource: DataSource, private readonly clock: Clock) {}

  /** Checks the filter (400 with the field at fault): real dates, from ≤ to, at most MAX_PERIOD_YEARS. */
  async filter(plain: unknown): Promise<ImpactReportFilter> {
    const f = await validateInput(ImpactReportFilter, plain ?? {}, 'Please give the report period');
    for (const key of ['from', 'to'] as const) {
      if (!isCalendarDate(f[key])) throw validationError(`${key === 'from' ? 'From' : 'To'} is not a real date`, { [key]: 'Not a real date' });
    }
    if (f.from > f.to) throw validationError('The period must end on or after its first day', { to: 'Must be on or after From' });
    const latest = new Date(`${f.from}T00:00:00Z`);
    latest.setUTCFullYear(latest.getUTCFullYear() + MAX_PERIOD_YEARS);
    if (new Date(`${f.to}T00:00:00Z`) >= latest) {
      throw validationError(`The period can be at most ${MAX_PERIOD_YEARS} years`, { to: `At most ${MAX_PERIOD_YEARS} years after From` });
    }
    return f;
  }

  async impact(plain: unknown): Promise<ImpactReport> {
    const f = await this.filter(plain);
    const now = this.clock.now();
    const [row] = await this.dataSource.query(IMPACT_SQL, [f.from, f.to, now, f.category ?? null]);
    const r = parse(row.report);
    const registrations = num(r.registrations);
    const attended = num(r.attended);
    const feedback = parse(r.feedback);
    const groups = (v: unknown) => ((parse(v) as unknown as Json[]) ?? []).map((g) => ({ name: (g.name as string | null) ?? null, people: num(g.people) }));
    return {
      from: f.from,
      to: f.to,
      category: f.category ?? null,
      generatedAt: now,
      events: num(r.events),
      registrations,
      attended,
      attendanceRate: registrations ? attended / registrations : 0,
      peopleRegistered: num(r.peopleRegistered),
      peopleReached: num(r.peopleReached),
      teachersReached: num(r.teachersReached),
      studentsReached: num(r.studentsReached),
      certificates: num(r.certificates),
      feedback: { responses: num(feedback.responses), usefulness: maybe(feedback.usefulness), overall: maybe(feedback.overall) },
      reachedByCategory: ((parse(r.reachedByCategory) as unknown as Json[]) ?? []).map((c) => ({ category: String(c.category), people: num(c.people) })),
      reachedByDistrict: groups(r.reachedByDistrict),
      reachedBySchool: groups(r.reachedBySchool),
      months: ((parse(r.months) as unknown as Json[]) ?? []).map((m) => ({
        month: String(m.month), events: num(m.events), registrations: num(m.registrations), attended: num(m.attended), certificates: num(m.certificates),
      })),
    };
  }

  async csv(plain: unknown): Promise<{ report: ImpactReport; csv: string }> {
    const report = await this.impact(plain);
    return { report, csv: impactCsv(report) };
  }

  /** The report as a PDF for donors. One document, drawn on the calling thread: an admin's occasional download. */
  async pdf(plain: unknown, language: ImpactPdfLanguage): Promise<{ report: ImpactReport; content: Buffer }> {
    const report = await this.impact(plain);
    return { report, content: await renderImpactPdf(report, language) };
  }
}

/** The file name of a report's download: impact-2026-01-01-to-2026-12-31[-primary].ext */
export const reportFilename = (r: ImpactReport, ext: string, language?: string) =>
  `impact-${r.from}-to-${r.to}${r.category ? `-${r.category}` : ''}${language && language !== 'en' ? `-${language}` : ''}.${ext}`;
