import { Arg, Args, Ctx, FieldResolver, ID, Int, Query, Resolver, Root } from 'type-graphql';
import { Access } from '../graphql/access';
import type { GraphQLContext } from '../graphql/context';
import { PageArgs } from '../common/page';
import { DayCount, EventCategory, EventFilter, EventPage, EventView, EventWhen } from './event.types';

@Resolver(() => EventView)
export class EventResolver {
  @Query(() => EventPage, { description: 'Events by timing, month, category and search; UPCOMING/ACTIVE/FUTURE/ALL ascending, PAST descending' })
  @Access('public')
  async events(
    @Ctx() ctx: GraphQLContext,
    @Arg('filter', () => EventFilter, { nullable: true }) filter: EventFilter | null,
    @Args(() => PageArgs) page: PageArgs,
  ): Promise<EventPage> {
    const result = await ctx.services.events.list(filter ?? {}, page);
    return { ...result, items: result.items.map((e) => ctx.services.events.toView(e)) };
  }

  @Query(() => EventView)
  @Access('public')
  async event(@Ctx() ctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<EventView> {
    return ctx.services.events.toView(await ctx.services.events.get(id));
  }

  @Query(() => [DayCount], { description: 'How many events fall on each day of a month (for the calendar)' })
  @Access('public')
  async eventCountsByDay(
    @Ctx() ctx: GraphQLContext,
    @Arg('year', () => Int) year: number,
    @Arg('month', () => Int) month: number,
    @Arg('when', () => EventWhen, { defaultValue: EventWhen.ALL }) when: EventWhen,
    @Arg('category', () => EventCategory, { nullable: true }) category: EventCategory | null,
  ): Promise<DayCount[]> {
    return ctx.services.events.countsByDay(year, month, when, category ?? undefined);
  }

  @FieldResolver(() => Boolean, { description: 'Whether the signed-in user is registered (false when signed out)' })
  isRegistered(@Root() event: EventView, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    return ctx.loaders.isRegistered.load(event.id);
  }
}
