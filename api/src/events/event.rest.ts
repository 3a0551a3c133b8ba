import { restPage } from '../common/page';
import { route, type RestContext } from '../rest/route';
import type { EventEntity } from './event.entity';
import type { Language } from '../i18n/languages';
import { restText } from '../i18n/translations';
import { EVENT_TEXT, type EventView } from './event.types';

/** What the viewer sees of an event's waiting list (WaitlistService.eventDecorations). */
export interface RestEventDecoration {
  isRegistered: boolean;
  waitlistCount: number;
  mine: { position: number | null; offerExpiresAt: Date | null } | null;
}

/**
 * The legacy REST shape of an event (SPEC section 3): _id, an ISO date string, registrations as [{_id}].
 * Only the caller's own registration is disclosed; the count says how many there are. The waiting list:
 * `waitlistCount` for everyone; `waitlistPosition` and `offerExpiresAt` only for a signed-in caller (answers
 * to signed-out callers are shared by the public cache, so they never carry anything personal). The text
 * fields are in the request's language, with every language in `translations`.
 */
export function toRestEvent(view: EventView, viewerId: string | null, decoration: RestEventDecoration, lang: Language) {
  const { isRegistered } = decoration;
  const { text, ...fields } = view;
  return {
    _id: view.id,
    ...fields,
    ...restText(text, EVENT_TEXT, lang),
    date: `${view.date}T00:00:00.000Z`,
    endDate: view.endDate ? `${view.endDate}T00:00:00.000Z` : null,
    status: view.timing,
    registrations: isRegistered && viewerId ? [{ _id: viewerId }] : [],
    isRegistered,
    waitlistCount: decoration.waitlistCount,
    ...(viewerId ? { waitlistPosition: decoration.mine?.position ?? null, offerExpiresAt: decoration.mine?.offerExpiresAt ?? null } : {}),
  };
}

/** Events in the REST shape for the caller, decorated (registered? the waiting list) in one lookup for the whole list. */
export async function restEvents(ctx: RestContext, events: EventEntity[]) {
  const decorations = await ctx.services.waitlist.eventDecorations(ctx.viewer, events.map((e) => e.id));
  return events.map((e, i) => toRestEvent(ctx.services.events.toView(e), ctx.viewer?.id ?? null, decorations[i], ctx.lang));
}

export const restEvent = async (ctx: RestContext, event: EventEntity) => (await restEvents(ctx, [event]))[0];

function listQuery(query: Record<string, unknown>) {
  const pick = (k: string) => (typeof query[k] === 'string' && query[k] !== '' ? (query[k] as string) : undefined);
  const when = pick('when') ?? pick('type') ?? pick('filter');
  return {
    filter: { when: when?.toLowerCase(), month: pick('month'), year: pick('year'), category: pick('category'), search: pick('search'), missingLanguage: pick('missingLanguage') },
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
