import { Arg, Ctx, FieldResolver, ID, Mutation, Resolver, Root } from 'type-graphql';
import { Access } from '../graphql/access';
import type { GraphQLContext } from '../graphql/context';
import { EventView } from '../events/event.types';
import { RepeatEventInput, RepeatEventPayload } from './series.types';

@Resolver()
export class SeriesResolver {
  @Mutation(() => RepeatEventPayload, { description: "Repeats an event weekly or monthly (until a date or for a count, at most 52 dates): each date its own event, linked as a series" })
  @Access('admin')
  async repeatEvent(@Ctx() ctx: GraphQLContext, @Arg('id', () => ID) id: string, @Arg('input', () => RepeatEventInput) input: RepeatEventInput): Promise<RepeatEventPayload> {
    const { series, events } = await ctx.services.series.repeat(ctx.viewer, id, input);
    return { series: { id: series.id, frequency: series.frequency, until: series.until, count: series.count }, events: events.map((e) => ctx.services.events.toView(e)) };
  }
}

/** The Event fields of series. */
@Resolver(() => EventView)
export class SeriesEventFieldsResolver {
  @FieldResolver(() => [EventView], { description: 'The other dates of its series from today on, soonest first (empty when not in a series)' })
  async seriesDates(@Root() event: EventView, @Ctx() ctx: GraphQLContext): Promise<EventView[]> {
    if (!event.seriesId) return [];
    return (await ctx.services.series.otherDates(event)).map((e) => ctx.services.events.toView(e));
  }
}
