import { restEvents } from '../events/event.rest';
import { route } from '../rest/route';
import { toRestUser } from '../users/user-admin.view';
import type { EventCounts, UserCounts } from './stats.service';

const userCount = (path: string, pick: (c: UserCounts) => number) =>
  route('get', `/users/${path}`, 'admin', async (ctx) => ({ success: true, count: pick(await ctx.services.stats.userCounts()) }));
const eventCount = (path: string, pick: (c: EventCounts) => number) =>
  route('get', `/users/events/${path}`, 'admin', async (ctx) => ({ success: true, count: pick(await ctx.services.stats.eventCounts()) }));

/** SPEC 7.2 statistics. Declared before any /users/:id route so the literal paths win. */
export const statsRoutes = [
  userCount('total', (c) => c.total),
  userCount('this-month', (c) => c.thisMonth),
  userCount('this-year', (c) => c.thisYear),
  userCount('active', (c) => c.active),
  userCount('pending', (c) => c.pending),
  route('get', '/users/category', 'admin', async (ctx) => ({
    success: true,
    data: (await ctx.services.stats.userCounts()).byCategory.map((c) => ({ _id: c.category, category: c.category, count: c.count })),
  })),
  eventCount('total', (c) => c.total),
  eventCount('upcoming', (c) => c.upcoming),
  eventCount('active', (c) => c.active),
  eventCount('this-month', (c) => c.thisMonth),
  eventCount('this-year', (c) => c.thisYear),
  // The documented client reads a plain array here.
  route('get', '/users/events/category', 'admin', async (ctx) =>
    (await ctx.services.stats.eventCounts()).byCategory.map((c) => ({ _id: c.category, category: c.category, count: c.count })),
  ),
  route('get', '/users/recent', 'admin', async (ctx) => ({
    success: true,
    data: (await ctx.services.stats.recentUsers((ctx.req.query as Record<string, unknown>).daysAgo, 100)).map(toRestUser),
  })),
  route('get', '/users/upcoming', 'admin', async (ctx) => ({
    success: true,
    data: await restEvents(ctx, await ctx.services.stats.upcomingEvents(50)),
  })),
];
