import { restPage } from '../common/page';
import { route, type RestContext } from '../rest/route';
import type { EventEntity } from './event.entity';
import type { Language } from '../i18n/languages';
import { restText } from '../i18n/translations';
import { EVENT_TEXT, type EventView } from './event.types';
import { registrationHandles } from '../registrations/registration-handle';

/** What the viewer sees of an event's waiting list (WaitlistService.eventDecorations). */
export interface RestEventDecoration {
  isRegistered: boolean;
  waitlistCount: number;
  mine: { position: number | null; offerExpiresAt: Date | null } | null;
  /** The event's registrations, oldest first (RegistrationService.registrationsOf). */
  registrations: { id: string; userId: string }[];
}

/**
 * The legacy REST shape of an event (SPEC section 3): _id, an ISO date string, registrations as [{_id}],
 * one entry per registration (old clients count them): an opaque handle each (registration-handle.ts),
 * except the caller's own, which carries the caller's user id (old clients find themselves in it).
 * Nobody else's user id appears. The waiting list:
 * `waitlistCount` for everyone; `waitlistPosition` and `offerExpiresAt` only for a signed-in caller (answers
 * to signed-out callers are shared by the public cache, so they never carry anything personal). The text
 * fields are in the request's language, with every language in `translations`.
 */
export function toRestEvent(view: EventView, viewerId: string | null, decoration: RestEventDecoration, lang: Language, handle: (registrationId: string) => string) {
  const { isRegistered } = decoration;
  const { text, ...fields } = view;
  return {
    _id: view.id,
    ...fields,
    ...restText(text, EVENT_TEXT, lang),
    date: `${view.date}T00:00:00.000Z`,
    endDate: view.endDate ? `${view.endDate}T00:00:00.000Z` : null,
    status: view.timing,
    registrations: decoration.registrations.map((r) => ({ _id: viewerId && r.userId === viewerId ? viewerId : handle(r.id) })),
    isRegistered,
    waitlistCount: decoration.waitlistCount,
    ...(viewerId ? { waitlistPosition: decoration.mine?.position ?? null, offerExpiresAt: decoration.mine?.offerExpiresAt ?? null } : {}),
  };
}

let handles: { secret: string; handle: (registrationId: string) => string } | undefined;
/** The handle function for this server's secret, made once (a process has one secret; tests may have several). */
function handlesFor(secret: string) {
  if (handles?.secret !== secret) handles = { secret, handle: registrationHandles(secret) };
  return handles.handle;
}

/** Events in the REST shape for the caller, decorated (registered? the waiting list) in one lookup for the whole list. */
export async function restEvents(ctx: RestContext, events: EventEntity[]) {
  const ids = events.map((e) => e.id);
  const [decorations, registrations] = await Promise.all([ctx.services.waitlist.eventDecorations(ctx.viewer, ids), ctx.services.registrations.registrationsOf(ids)]);
  const handle = handlesFor(ctx.services.config.jwtSecret);
  return events.map((e, i) => toRestEvent(ctx.services.events.toView(e), ctx.viewer?.id ?? null, { ...decorations[i], registrations: registrations.get(e.id) ?? [] }, ctx.lang, handle));
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
