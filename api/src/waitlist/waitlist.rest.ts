import { restEvent, restEventSchema } from '../events/event.rest';
import { idParam, integer, nullable, object, okMessageData } from '../openapi/schema';
import { answersSchema } from '../questions/question.schema';
import { route } from '../rest/route';

const POSITION = nullable(integer("The caller's place in the waiting list (null when not waiting)"));

/** The waiting list over REST: join, leave (a held place is declined), accept a held place. */
export const waitlistRoutes = [
  route('post', '/events/:id/waitlist', 'user', {
    summary: "Join a full event's waiting list",
    description: 'When a place frees up, it is offered to the first person waiting by mail and held for the hours in the event\'s waitlistOfferHours, but never past the event\'s start (a place freed closer to the start is held until the start; none is offered once the event has started). `answers` answers the event\'s questions, checked as on registering; they become the registration\'s when the place is taken.',
    tag: 'Waiting list',
    params: { id: idParam('The event') },
    body: { schema: object({ answers: answersSchema }, { optional: ['answers'] }) },
    localized: true,
    response: { description: 'On the list; the event after it', schema: okMessageData(restEventSchema, { position: POSITION }) },
    errors: ['VALIDATION', 'CONFLICT', 'EVENT_PAST', 'EVENT_CANCELLED'],
  }, async (ctx) => {
    const r = await ctx.services.waitlist.join(ctx.viewer!, ctx.params.id, ctx.body.answers, ctx.lang);
    return { success: true, message: r.message, position: r.position, data: await restEvent(ctx, r.event) };
  }),
  route('delete', '/events/:id/waitlist', 'user', {
    summary: 'Leave the waiting list (declining a held place)',
    description: 'A place held for the caller goes to the next person waiting. Not being on the list is answered, not refused.',
    tag: 'Waiting list',
    params: { id: idParam('The event') },
    localized: true,
    response: { description: 'Off the list; the event after it', schema: okMessageData(restEventSchema, { position: POSITION }) },
  }, async (ctx) => {
    const r = await ctx.services.waitlist.leave(ctx.viewer!, ctx.params.id);
    return { success: true, message: r.message, position: r.position, data: await restEvent(ctx, r.event) };
  }),
  route('post', '/events/:id/waitlist/accept', 'user', {
    summary: 'Take up the place held for you',
    description: 'Registers the caller from the held place (409 when there is no live offer) and mails the usual confirmation.',
    tag: 'Waiting list',
    params: { id: idParam('The event') },
    localized: true,
    response: { description: 'Registered; the event after it', schema: okMessageData(restEventSchema) },
    errors: ['CONFLICT', 'EVENT_PAST', 'EVENT_CANCELLED'],
  }, async (ctx) => {
    const r = await ctx.services.waitlist.accept(ctx.viewer!, ctx.params.id);
    return { success: true, message: r.message, data: await restEvent(ctx, r.event) };
  }),
];
