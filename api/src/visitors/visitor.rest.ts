import { route } from '../rest/route';

export const visitorRoutes = [
  route('get', '/visitor-count', 'public', async (ctx) => ({ success: true, visitorCount: await ctx.services.visitors.count() })),
  route('post', '/increment-visitor', 'public', async (ctx) => ({ success: true, visitorCount: await ctx.services.visitors.increment() })),
];
