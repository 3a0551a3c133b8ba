import type { Viewer } from '../common/access';
import { route, type RestContext } from '../rest/route';
import type { EventEntity } from './event.entity';

/** Signed-out visitors all see the same event JSON: the shared cache serializes it once per change. */
export const sharedEventKey = (today: string, url: string) => `${today}|${url}`;

function sendShared(ctx: RestContext, build: () => Promise<unknown>): Promise<void> {
  return ctx.services.sharedResponses.send(ctx.req, ctx.res, sharedEventKey(ctx.services.events.today(), ctx.req.originalUrl), build);
}

/** Which raw requests the fast path may answer from the shared cache (the public event reads). */
export function sharedEventKeyOf(today: () => string) {
  return (req: { url?: string }): string | null => {
    const url = req.url ?? '';
    return url === '/api/events' || url.startsWith('/api/events?') || /^\/api\/events\/[0-9a-f-]{36}$/i.test(url) ? sharedEventKey(today(), url) : null;
  };
}

/** The legacy REST shape of an event (SPEC section 3): _id, an ISO date string, registrations as [{_id}]. */
export async function toRestEvent(ctx: RestContext, event: EventEntity, registeredIds?: Set<string>) {
  const view = ctx.services.events.toView(event);
  const registered = registeredIds ? registeredIds.has(event.id) : await isRegistered(ctx, ctx.viewer, event.id);
  return {
    _id: view.id,
    ...view,
    date: `${view.date}T00:00:00.000Z`,
    endDate: view.endDate ? `${view.endDate}T00:00:00.000Z` : null,
    status: view.timing,
    // Only the caller's own registration is disclosed; the count says how many there are.
    registrations: registered && ctx.viewer ? [{ _id: ctx.viewer.id }] : [],
    isRegistered: registered,
  };
}

async function isRegistered(ctx: RestContext, viewer: Viewer | null, eventId: string) {
  if (!viewer) return false;
  return (await ctx.services.registrations.registeredEventIds(viewer.id, [eventId])).has(eventId);
}

function listQuery(query: Record<string, unknown>) {
  const pick = (k: string) => (typeof query[k] === 'string' && query[k] !== '' ? (query[k] as string) : undefined);
  const when = pick('when') ?? pick('type') ?? pick('filter');
  return {
    filter: { when: when?.toLowerCase(), month: pick('month'), year: pick('year'), category: pick('category'), search: pick('search') },
    page: { offset: pick('offset') ?? '0', limit: pick('limit') ?? '100' },
  };
}

export const eventRoutes = [
  route('get', '/events', 'public', async (ctx) => {
    if (!ctx.viewer) return sendShared(ctx, () => eventList(ctx));
    return eventList(ctx);
  }),
  route('get', '/events/:id', 'public', async (ctx) => {
    if (!ctx.viewer) return sendShared(ctx, () => eventDetail(ctx));
    return eventDetail(ctx);
  }),
];

async function eventList(ctx: RestContext) {
  const { filter, page } = listQuery(ctx.req.query as Record<string, unknown>);
  const result = await ctx.services.events.list(filter, page);
  const registered = ctx.viewer
    ? await ctx.services.registrations.registeredEventIds(ctx.viewer.id, result.items.map((e) => e.id))
    : new Set<string>();
  const data = await Promise.all(result.items.map((e) => toRestEvent(ctx, e, registered)));
  return { success: true, data, total: result.total, offset: result.offset, limit: result.limit };
}

async function eventDetail(ctx: RestContext) {
  const event = await ctx.services.events.get(ctx.params.id);
  return { success: true, data: await toRestEvent(ctx, event) };
}
