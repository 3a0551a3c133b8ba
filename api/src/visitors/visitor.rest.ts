import { integer, ok } from '../openapi/schema';
import { route } from '../rest/route';

const VISITORS = ok({ visitorCount: integer('Visits counted so far') });

export const visitorRoutes = [
  route('get', '/visitor-count', 'public', { summary: 'The visitor counter', tag: 'Site', response: { description: 'The count', schema: VISITORS } }, async (ctx) => ({ success: true, visitorCount: await ctx.services.visitors.count() })),
  route('post', '/increment-visitor', 'public', { summary: 'Count a visit', tag: 'Site', response: { description: 'The count after this visit', schema: VISITORS } }, async (ctx) => ({ success: true, visitorCount: await ctx.services.visitors.increment() })),
];
