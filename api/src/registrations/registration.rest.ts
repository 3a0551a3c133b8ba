import { restEvent, restEventSchema } from '../events/event.rest';
import { idParam, object, okMessageData } from '../openapi/schema';
import { answersSchema } from '../questions/question.schema';
import { route } from '../rest/route';

export const registrationRoutes = [
  route('post', '/events/:id/register', 'user', {
    summary: 'Register for an event',
    description: "Registering twice answers success with 'You are already registered for this event.' and changes nothing (answers are then changed with PUT /api/events/{id}/answers). Closes once the event has started. Mails a confirmation. `answers` answers the event's `questions`; without it, registering works where no question is required.",
    tag: 'Registration',
    params: { id: idParam('The event') },
    body: { schema: object({ answers: answersSchema }, { optional: ['answers'] }) },
    localized: true,
    response: { description: 'Registered; the event after it', schema: okMessageData(restEventSchema) },
    errors: ['VALIDATION', 'EVENT_FULL', 'EVENT_PAST', 'EVENT_CANCELLED'],
  }, async (ctx) => {
    const r = await ctx.services.registrations.register(ctx.viewer!, ctx.params.id, ctx.body.answers, ctx.lang);
    return { success: true, message: r.message, data: await restEvent(ctx, r.event) };
  }),
  route('post', '/events/:id/unregister', 'user', {
    summary: 'Leave an event',
    description: "When not registered, answers success with 'You are not registered for this event.' and changes nothing. Closes once the event has started.",
    tag: 'Registration',
    params: { id: idParam('The event') },
    localized: true,
    response: { description: 'Unregistered; the event after it', schema: okMessageData(restEventSchema) },
    errors: ['EVENT_PAST'],
  }, async (ctx) => {
    const r = await ctx.services.registrations.unregister(ctx.viewer!, ctx.params.id);
    return { success: true, message: r.message, data: await restEvent(ctx, r.event) };
  }),
  route('get', '/events/:id/ics', 'public', {
    summary: 'An event as a calendar file (.ics)',
    description: 'Signed out, the same file for everyone. Signed in as someone registered for the event, or as an admin, the description of each VEVENT starts with the online meeting link: the own link of its session, else that of the event, if there is one.',
    tag: 'Events',
    params: { id: idParam('The event') },
    localized: true,
    response: { description: 'The iCalendar file (an attachment)', contentType: 'text/calendar' },
  }, async (ctx) => {
    // Signed in (never served from the public cache): a registrant's or an admin's file carries the meeting link.
    const viewer = ctx.viewer;
    const file = await ctx.services.registrations.calendarFile(ctx.params.id, ctx.lang, viewer ? (event) => ctx.services.meetingLinks.linksOf(viewer, event) : undefined);
    ctx.res
      .status(200)
      .type('text/calendar; charset=utf-8')
      .setHeader('Content-Disposition', `attachment; filename="${file.filename}"`)
      .send(file.content);
  }),
];
