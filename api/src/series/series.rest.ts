import { arrayOf, idParam, integer, MESSAGE, nullable, object, ok, oneOfValues, string, uuid } from '../openapi/schema';
import { created, route } from '../rest/route';
import { restEvents, restEventSchema } from '../events/event.rest';
import { SERIES_FREQUENCIES } from './event-series.entity';
import { RepeatEventInput } from './series.types';

export const seriesAdminRoutes = [
  route('post', '/events/:id/repeat', 'admin', {
    summary: 'Repeat an event (a series)',
    description:
      "Weekly or monthly, `until` a date (inclusive) or for a `count` of dates (this one included), at most 52 dates. Each date becomes its own event (its own registrations and capacity) with this event's fields, linked by `seriesId`. Monthly on a day a month lacks (29-31) falls on that month's last day. Edit later dates with PUT /api/events/{id} and `applyTo: 'following'`.",
    tag: 'Admin: events',
    params: { id: idParam('The event to repeat') },
    body: RepeatEventInput,
    localized: true,
    response: {
      status: 201,
      description: 'The series and the dates created, soonest first',
      schema: ok({
        message: MESSAGE,
        series: object({ id: uuid(), frequency: oneOfValues(SERIES_FREQUENCIES), until: nullable(string('YYYY-MM-DD')), count: nullable(integer()) }),
        data: arrayOf(restEventSchema),
      }),
    },
    errors: ['CONFLICT'],
  }, async (ctx) => {
    const { series, events } = await ctx.services.series.repeat(ctx.viewer, ctx.params.id, ctx.body);
    return created({
      success: true,
      message: `${events.length} dates created`,
      series: { id: series.id, frequency: series.frequency, until: series.until, count: series.count },
      data: await restEvents(ctx, events),
    });
  }),
];
