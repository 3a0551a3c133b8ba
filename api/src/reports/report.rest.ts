import { arrayOf, dateTime, integer, nullable, number, object, okData, oneOfValues, string, viewSchema } from '../openapi/schema';
import { EVENT_CATEGORIES } from '../events/event.entity';
import { route, type RouteDoc } from '../rest/route';
import { reportFilename } from './report.service';
import { ImpactReportFilter, type ImpactReport } from './report.types';

const TAG = 'Admin: reports';

const group = object({ name: nullable(string("The district or school as answered to the event's question, else as written in the profile (null: not given)")), people: integer() });
export const impactReportSchema = viewSchema<ImpactReport>('ImpactReport', {
  from: string('First day (India date)', { format: 'date' }),
  to: string('Last day, included', { format: 'date' }),
  // null listed among the values: with OpenAPI 3.0's `nullable`, strict validators still check an enum first.
  category: { ...nullable(oneOfValues(EVENT_CATEGORIES, 'The event category (null: every category)')), enum: [...EVENT_CATEGORIES, null] },
  generatedAt: dateTime('When the figures were computed'),
  events: integer('Events held: date in the period, started by now, not cancelled'),
  registrations: integer('Registrations for those events'),
  attended: integer('Registrations checked in'),
  attendanceRate: number('attended / registrations (0 when nobody registered)'),
  peopleRegistered: integer('Distinct people registered'),
  peopleReached: integer('Distinct people who attended'),
  teachersReached: integer('Distinct attendees of category primary (teachers)'),
  studentsReached: integer('Distinct attendees of categories student, secondary, graduate'),
  certificates: integer('Certificates issued for those events, not revoked'),
  feedback: object({ responses: integer(), usefulness: nullable(number('Average, 1 to 5')), overall: nullable(number('Average, 1 to 5')) }),
  reachedByCategory: arrayOf(object({ category: string(), people: integer() }), 'People reached per user category'),
  reachedByDistrict: arrayOf(group, 'People reached per district, most first, at most 20'),
  reachedBySchool: arrayOf(group, 'People reached per school, most first, at most 20'),
  months: arrayOf(object({ month: string('YYYY-MM'), events: integer(), registrations: integer(), attended: integer(), certificates: integer() }), 'Every month of the period, oldest first'),
}, { description: "What the charity's events achieved in a period" });

const PERIOD = 'The period: `from` and `to` (YYYY-MM-DD, India dates, both included, at most 5 years); `category` narrows it to one event category.';
/** The filter's class, then its dates again with examples (a client that fills parameters from examples asks for a real year). */
const QUERY: RouteDoc['query'] = [
  ImpactReportFilter,
  { name: 'from', description: 'First day, YYYY-MM-DD (India date); required', schema: string(undefined, { format: 'date', example: '2026-01-01' }) },
  { name: 'to', description: 'Last day, YYYY-MM-DD, included; required', schema: string(undefined, { format: 'date', example: '2026-12-31' }) },
];
const doc = (summary: string, response: RouteDoc['response'], extra: Partial<RouteDoc> = {}): RouteDoc => ({
  summary, description: PERIOD, tag: TAG, query: QUERY, response, ...extra,
});
const filterOf = (q: unknown) => {
  const { from, to, category } = (q ?? {}) as Record<string, unknown>;
  return { from, to, category };
};
const attachment = (ctx: { res: import('express').Response }, type: string, filename: string, body: string | Buffer) => {
  ctx.res.status(200).type(type).setHeader('Content-Disposition', `attachment; filename="${filename}"`).setHeader('Cache-Control', 'private, no-store').send(body);
};

/** The impact report for donors, as JSON, CSV and PDF (fixed paths: no :param route shadows them). */
export const reportRoutes = [
  route('get', '/admin/reports/impact', 'admin', doc('The impact report of a period, as JSON', { description: 'The figures', schema: okData(impactReportSchema) }), async (ctx) => ({
    success: true,
    data: await ctx.services.reports.impact(filterOf(ctx.req.query)),
  })),
  route('get', '/admin/reports/impact.csv', 'admin', doc('The impact report of a period, as CSV', { description: 'The CSV file (an attachment, UTF-8): figures, months, people reached per category, district and school', contentType: 'text/csv' }), async (ctx) => {
    const { report, csv } = await ctx.services.reports.csv(filterOf(ctx.req.query));
    attachment(ctx, 'text/csv; charset=utf-8', reportFilename(report, 'csv'), csv);
  }),
  route('get', '/admin/reports/impact.pdf', 'admin', doc('The impact report of a period, as a PDF for donors', { description: 'The PDF (an attachment), in the language asked for (`?lang=en|hi`)', contentType: 'application/pdf' }, { localized: true }), async (ctx) => {
    const { report, content } = await ctx.services.reports.pdf(filterOf(ctx.req.query), ctx.lang);
    attachment(ctx, 'application/pdf', reportFilename(report, 'pdf', ctx.lang), content);
  }),
];
