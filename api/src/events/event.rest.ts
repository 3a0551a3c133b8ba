import { restPage } from '../common/page';
import { route, type RestContext } from '../rest/route';
import type { EventEntity } from './event.entity';
import type { EventView } from './event.types';

/**
 * The legacy REST shape of an event (SPEC section 3): _id, an ISO date string, registrations as [{_id}].
 * Only the caller's own registration is disclosed; the count says how many there are.
 */
export function toRestEvent(view: EventView, viewerId: string | null, isRegistered: boolean) {
  return {
    _id: view.id,
    ...view,
    date: `${view.date}T00:00:00.000Z`,
    endDate: view.endDate ? `${view.endDate}T00:00:00.000Z` : null,
    status: view.timing,
    registrations: isRegistered && viewerId ? [{ _id: viewerId }] : [],
    isRegistered,
  };
}

/** Events in the REST shape for the caller, decorated with "am I registered" in one lookup (as GraphQL's loader does). */
export async function restEvents(ctx: RestContext, events: EventEntity[]) {
  const flags = await ctx.services.registrations.registeredFlags(ctx.viewer, events.map((e) => e.id));
  return events.map((e, i) => toRestEvent(ctx.services.events.toView(e), ctx.viewer?.id ?? null, flags[i]));
}

export const restEvent = async (ctx: RestContext, event: EventEntity) => (await restEvents(ctx, [event]))[0];

function listQuery(query: Record<string, unknown>) {
  const pick = (k: string) => (typeof query[k] === 'string' && query[k] !== '' ? (query[k] as string) : undefined);
  const when = pick('when') ?? pick('type') ?? pick('filter');
  return {
    filter: { when: when?.toLowerCase(), month: pick('month'), year: pick('year'), category: pick('category'), search: pick('search') },
    page: restPage(query),
  };
}

/** Public reads; signed out, their answers are shared by the public cache (http/public-cache.ts). */
export const eventRoutes = [
  route('get', '/events', 'public', async (ctx) => {
    const { filter, page } = listQuery(ctx.req.query as Record<string, unknown>);
    const result = await ctx.services.events.list(filter, page);
    return { success: true, data: await restEvents(ctx, result.items), total: result.total, offset: result.offset, limit: result.limit };
  }),
  route('get', '/events/:id', 'public', async (ctx) => ({ success: true, data: await restEvent(ctx, await ctx.services.events.get(ctx.params.id)) })),
];
