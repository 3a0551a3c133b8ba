import { restEventSchema, restEvents } from '../events/event.rest';
import { arrayOf, COUNT, integer, object, okData, string } from '../openapi/schema';
import { route, type RouteDoc } from '../rest/route';
import { restUserSchema, toRestUser } from '../users/user.admin.view';
import { RECENT_DAYS, type EventCounts, type UserCounts } from './stat.service';

const countDoc = (summary: string): RouteDoc => ({ summary, tag: 'Admin: statistics', response: { description: 'The count', schema: COUNT } });
const userCount = (path: string, summary: string, pick: (c: UserCounts) => number) =>
  route('get', `/users/${path}`, 'admin', countDoc(summary), async (ctx) => ({ success: true, count: pick(await ctx.services.stats.userCounts()) }));
const eventCount = (path: string, summary: string, pick: (c: EventCounts) => number) =>
  route('get', `/users/events/${path}`, 'admin', countDoc(summary), async (ctx) => ({ success: true, count: pick(await ctx.services.stats.eventCounts()) }));
const byCategory = (what: string) => arrayOf(object({ _id: string('The category again (the legacy name)'), category: string(), count: integer() }), `${what} per category`);

/** The dashboard's statistics (months and years in India time). Declared before any /users/:id route so the literal paths win. */
export const statsRoutes = [
  userCount('total', 'How many accounts there are', (c) => c.total),
  userCount('this-month', 'Accounts created this month', (c) => c.thisMonth),
  userCount('this-year', 'Accounts created this year', (c) => c.thisYear),
  userCount('active', 'Accounts active or approved', (c) => c.active),
  userCount('pending', 'Accounts waiting for approval', (c) => c.pending),
  route('get', '/users/category', 'admin', {
    summary: 'Accounts per category',
    tag: 'Admin: statistics',
    response: { description: 'The counts (categories without accounts left out)', schema: okData(byCategory('Accounts')) },
  }, async (ctx) => ({
    success: true,
    data: (await ctx.services.stats.userCounts()).byCategory.map((c) => ({ _id: c.category, category: c.category, count: c.count })),
  })),
  eventCount('total', 'How many events there are', (c) => c.total),
  eventCount('upcoming', 'Events after today', (c) => c.upcoming),
  eventCount('active', 'Events today', (c) => c.active),
  eventCount('this-month', 'Events this month', (c) => c.thisMonth),
  eventCount('this-year', 'Events this year', (c) => c.thisYear),
  // The documented client reads a plain array here.
  route('get', '/users/events/category', 'admin', {
    summary: 'Events per category',
    description: 'A plain array, without the `success` envelope (what the older dashboard reads).',
    tag: 'Admin: statistics',
    response: { description: 'The counts', schema: byCategory('Events') },
  }, async (ctx) =>
    (await ctx.services.stats.eventCounts()).byCategory.map((c) => ({ _id: c.category, category: c.category, count: c.count })),
  ),
  route('get', '/users/recent', 'admin', {
    summary: 'Accounts created recently, newest first',
    tag: 'Admin: statistics',
    query: [{ name: 'daysAgo', description: `How many days back (1-366, default ${RECENT_DAYS})`, schema: integer(undefined, { minimum: 1, maximum: 366 }) }],
    response: { description: 'At most 100 accounts', schema: okData(arrayOf(restUserSchema)) },
  }, async (ctx) => ({
    success: true,
    data: (await ctx.services.stats.recentUsers((ctx.req.query as Record<string, unknown>).daysAgo, 100)).map(toRestUser),
  })),
  route('get', '/users/upcoming', 'admin', {
    summary: 'The next events after today',
    tag: 'Admin: statistics',
    localized: true,
    response: { description: 'At most 50 events, soonest first', schema: okData(arrayOf(restEventSchema)) },
  }, async (ctx) => ({
    success: true,
    data: await restEvents(ctx, await ctx.services.stats.upcomingEvents(50)),
  })),
];
