import { personOf } from '../common/access';
import { route, type RestContext } from '../rest/route';
import { LANGUAGES, type Language } from '../i18n/languages';
import { restText } from '../i18n/translations';
import { EVENT_TEXT, EventFilter, EventTiming, type EventView } from './event.types';
import { arrayOf, boolean, dateTime, idParam, integer, nullable, object, okData, okPage, oneOfValues, string, translationsSchema, uuid, viewSchema } from '../openapi/schema';
import { EVENT_CATEGORIES, type EventEntity } from './event.entity';
import { PAGE_SIZE, PageArgs, restPage } from '../common/page';
import { registrationHandles } from '../registrations/registration-handle';
import { isFullFor } from '../registrations/registration-ledger';
import { restSessions, restSessionSchema, type RestSession } from '../sessions/session.rest';
import { localizeQuestions } from '../questions/question-rules';
import { isOnlineEvent } from '../sessions/session-rules';
import { restQuestionSchema } from '../questions/question.schema';

/** What the viewer sees of an event's waiting list (WaitlistService.eventDecorations). */
export interface RestEventDecoration {
  isRegistered: boolean;
  waitlistCount: number;
  mine: { position: number | null; offerExpiresAt: Date | null } | null;
  /** The event's registrations, oldest first (RegistrationService.registrationsOf). */
  registrations: { id: string; userId: string }[];
  /** Its sessions in the request's language (sessions/session.rest.ts). */
  sessions: RestSession[];
}

/**
 * The legacy REST shape of an event (the Event schema of GET /api/openapi.json): _id, an ISO date string, registrations as [{_id}],
 * one entry per registration (old clients count them): an opaque handle each (registration-handle.ts),
 * except the caller's own, which carries the caller's user id (old clients find themselves in it).
 * Nobody else's user id appears. The waiting list:
 * `waitlistCount` for everyone; `waitlistPosition` and `offerExpiresAt` only for a signed-in caller (answers
 * to signed-out callers are shared by the public cache, so they never carry anything personal). The text
 * fields are in the request's language, with every language in `translations`.
 */
export function toRestEvent(view: EventView, viewerId: string | null, decoration: RestEventDecoration, lang: Language, handle: (registrationId: string) => string) {
  const { isRegistered } = decoration;
  const { text, questionDefs, ...fields } = view;
  return {
    _id: view.id,
    ...fields,
    ...restText(text, EVENT_TEXT, lang),
    questions: localizeQuestions(questionDefs, lang),
    date: `${view.date}T00:00:00.000Z`,
    endDate: view.endDate ? `${view.endDate}T00:00:00.000Z` : null,
    status: view.timing,
    registrations: decoration.registrations.map((r) => ({ _id: viewerId && r.userId === viewerId ? viewerId : handle(r.id) })),
    isRegistered,
    isOnline: isOnlineEvent(view, decoration.sessions),
    // Full for a newcomer while every free place is due to someone waiting (the fairness rule).
    isFull: view.isFull || isFullFor(view, decoration.waitlistCount),
    waitlistCount: decoration.waitlistCount,
    sessions: decoration.sessions,
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
  const person = personOf(ctx.viewer);
  const [decorations, registrations, sessions] = await Promise.all([
    ctx.services.waitlist.eventDecorations(person, ids),
    ctx.services.registrations.registrationsOf(ids),
    restSessions(ctx, events),
  ]);
  const handle = handlesFor(ctx.services.config.jwtSecret);
  return events.map((e, i) => toRestEvent(ctx.services.events.toView(e), person?.id ?? null, { ...decorations[i], registrations: registrations.get(e.id) ?? [], sessions: sessions.get(e.id) ?? [] }, ctx.lang, handle));
}

export const restEvent = async (ctx: RestContext, event: EventEntity) => (await restEvents(ctx, [event]))[0];

/** The schema of toRestEvent's answer, for the REST reference (its keys must be exactly the view's). */
export const restEventSchema = viewSchema<ReturnType<typeof toRestEvent> & { meetingLink?: string | null }>(
  'Event',
  {
    _id: uuid('The id again (the legacy name)'),
    id: uuid(),
    title: string('In the request\'s language (English where it has none)'),
    description: string('In the request\'s language'),
    location: string('In the request\'s language'),
    speaker: nullable(string('In the request\'s language')),
    translations: translationsSchema('EventTranslations', LANGUAGES, EVENT_TEXT.fields),
    questions: arrayOf(restQuestionSchema, "Registration questions, in the request's language; answer them in `answers` of POST /api/events/{id}/register"),
    date: dateTime('Midnight UTC of the local (India) date: its first 10 characters are the date'),
    time: string('Local start time, HH:MM (24h)'),
    endDate: nullable(dateTime('Midnight UTC of the local end date')),
    endTime: nullable(string('HH:MM')),
    startsAt: dateTime('The start as an instant'),
    category: oneOfValues(EVENT_CATEGORIES),
    externalLink: nullable(string(undefined, { format: 'uri' })),
    maxParticipants: nullable(integer('No limit when null')),
    imageUrl: nullable(string('The largest rendition, under /uploads')),
    imageSrcSet: nullable(string('Every rendition, as an HTML srcset')),
    registeredCount: integer(),
    offeredCount: integer('Places held for people from the waiting list: offered to them, not yet accepted (they count towards isFull)'),
    isFull: boolean('No place to register: every place is registered, held for someone from the waiting list, or due to someone waiting (a freed place goes to the waiting list first)'),
    waitlistOfferHours: integer("How long a place offered from the waiting list is held (hours), never past the event's start"),
    feedbackDelayHours: integer('Hours after the end when attendees get the feedback form by mail (0-168)'),
    isUpcoming: boolean('Public reading: the date is today or later (India time)'),
    hasStarted: boolean('The start date and time have passed'),
    hasEnded: boolean('Over: its end date and time have passed (without an end time, its last day), India time; certificates can be issued from then'),
    timing: oneOfValues(Object.values(EventTiming), 'Admin reading, by date only'),
    status: oneOfValues(Object.values(EventTiming), 'The same as timing (the legacy name)'),
    cancelled: boolean('An admin cancelled it: no registration, registrants were told'),
    cancelledAt: nullable(dateTime()),
    certificateMinSessions: nullable(integer('The certificate needs attendance at this many sessions (null: all of them)')),
    createdAt: dateTime(),
    registrations: arrayOf(
      object({ _id: string("An opaque handle; in the caller's own registration, the caller's user id") }),
      "One entry per registration, oldest first (old clients count them). Nobody else's user id appears.",
    ),
    isRegistered: boolean('The caller is registered'),
    waitlistCount: integer('How many people wait for a place'),
    sessions: arrayOf(restSessionSchema, 'The sessions in time order (one for a single-session event); `date` and `time` above are the first\'s'),
    waitlistPosition: nullable(integer("Signed in only: the caller's place in the waiting list (null when not waiting)")),
    offerExpiresAt: nullable(dateTime('Signed in only: until when a place offered to the caller is held')),
    seriesId: nullable(uuid('The series this date belongs to (an admin repeated it), or null')),
    isOnline: boolean('It has an online meeting: its own, or one of its sessions\'s'),
    meetingLink: nullable(string('GET /api/events/{id} only, and only for a caller registered for the event or an admin: the online meeting (https), null when it has none. Absent for everyone else', { format: 'uri' })),
  },
  { optional: ['waitlistPosition', 'offerExpiresAt', 'meetingLink'], description: 'An event in the REST shape' },
);

function listQuery(query: Record<string, unknown>) {
  const pick = (k: string) => (typeof query[k] === 'string' && query[k] !== '' ? (query[k] as string) : undefined);
  const when = pick('when') ?? pick('type') ?? pick('filter');
  return {
    filter: { when: when?.toLowerCase(), month: pick('month'), year: pick('year'), category: pick('category'), search: pick('search'), missingLanguage: pick('missingLanguage'), order: pick('order') },
    page: restPage(query),
  };
}

/** Public reads; signed out, their answers are shared by the public cache (http/public-cache.ts). */
export const eventRoutes = [
  route('get', '/events', 'public', {
    scope: 'events:read',
    summary: 'List events',
    description: 'In date and time order (`when=past`: latest first; `order=upcoming_first`: today and later soonest first, then earlier events latest first). Signed out, the answer is shared by every visitor (ETag, 304).',
    tag: 'Events',
    query: [
      EventFilter,
      { name: 'when', description: 'upcoming: today or later (India time); active: today; future: after today; past: before today; all (the default)' },
      { name: 'type', description: 'The same as `when` (older clients)' },
      { name: 'filter', description: 'The same as `when` (older clients)' },
      PageArgs,
      { name: 'limit', description: `Page size: default ${PAGE_SIZE.restDefault}, at most ${PAGE_SIZE.max}` },
    ],
    localized: true,
    response: { description: 'A page of events', schema: okPage(restEventSchema) },
  }, async (ctx) => {
    const { filter, page } = listQuery(ctx.req.query as Record<string, unknown>);
    const result = await ctx.services.events.list(filter, page);
    return { success: true, data: await restEvents(ctx, result.items), total: result.total, offset: result.offset, limit: result.limit };
  }),
  route('get', '/events/:id', 'public', {
    scope: 'events:read',
    summary: 'One event',
    tag: 'Events',
    params: { id: idParam('The event') },
    localized: true,
    response: { description: 'The event', schema: okData(restEventSchema) },
  }, async (ctx) => {
    const event = await ctx.services.events.get(ctx.params.id);
    // The meeting link only for a registered caller or an admin; absent otherwise (signed-out answers are the public cache's).
    const person = personOf(ctx.viewer);
    const [[meetingLink], [sessionLinks]] = await Promise.all([ctx.services.meetingLinks.linksFor(person, [event.id]), ctx.services.meetingLinks.sessionLinksFor(person, [event.id])]);
    const data = await restEvent(ctx, event);
    if (meetingLink === undefined || !sessionLinks) return { success: true, data };
    return { success: true, data: { ...data, meetingLink, sessions: data.sessions.map((s) => ({ ...s, meetingLink: sessionLinks.get(s.id) ?? null })) } };
  }),
];
