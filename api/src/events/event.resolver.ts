import { Arg, Args, Ctx, FieldResolver, ID, Int, Query, Resolver, Root } from 'type-graphql';
import { Access } from '../graphql/access';
import type { GraphQLContext } from '../graphql/context';
import { PageArgs } from '../common/page';
import { allTranslations, localize, missingLanguages } from '../i18n/translations';
import { DayCount, EVENT_TEXT, EventCategory, EventFilter, EventPage, EventTranslationView, EventView, EventWhen } from './event.types';

@Resolver(() => EventView)
export class EventResolver {
  @Query(() => EventPage, { description: 'Events by timing, month, category and search; UPCOMING/ACTIVE/FUTURE/ALL ascending, PAST descending, or filter.order UPCOMING_FIRST' })
  @Access('public', 'events:read')
  async events(
    @Ctx() ctx: GraphQLContext,
    @Arg('filter', () => EventFilter, { nullable: true }) filter: EventFilter | null,
    @Args(() => PageArgs) page: PageArgs,
  ): Promise<EventPage> {
    const result = await ctx.services.events.list(filter ?? {}, page);
    return { ...result, items: result.items.map((e) => ctx.services.events.toView(e)) };
  }

  @Query(() => EventView)
  @Access('public', 'events:read')
  async event(@Ctx() ctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<EventView> {
    return ctx.services.events.toView(await ctx.services.events.get(id));
  }

  @Query(() => [DayCount], { description: 'How many events fall on each day of a month (for the calendar)' })
  @Access('public', 'events:read')
  async eventCountsByDay(
    @Ctx() ctx: GraphQLContext,
    @Arg('year', () => Int) year: number,
    @Arg('month', () => Int) month: number,
    @Arg('when', () => EventWhen, { defaultValue: EventWhen.ALL }) when: EventWhen,
    @Arg('category', () => EventCategory, { nullable: true }) category: EventCategory | null,
  ): Promise<DayCount[]> {
    return ctx.services.events.countsByDay(year, month, when, category ?? undefined);
  }

  // The text fields follow the request's language (`?lang=` or Accept-Language), falling back to English.
  @FieldResolver(() => String)
  title(@Root() event: EventView, @Ctx() ctx: GraphQLContext): string {
    return localize(event.text, ctx.lang).title!;
  }

  @FieldResolver(() => String)
  description(@Root() event: EventView, @Ctx() ctx: GraphQLContext): string {
    return localize(event.text, ctx.lang).description!;
  }

  @FieldResolver(() => String)
  location(@Root() event: EventView, @Ctx() ctx: GraphQLContext): string {
    return localize(event.text, ctx.lang).location!;
  }

  @FieldResolver(() => String, { nullable: true })
  speaker(@Root() event: EventView, @Ctx() ctx: GraphQLContext): string | null {
    return localize(event.text, ctx.lang).speaker;
  }

  @FieldResolver(() => [EventTranslationView], { description: 'Every language as written, English first (the admin forms)' })
  translations(@Root() event: EventView): EventTranslationView[] {
    return allTranslations(event.text, EVENT_TEXT);
  }

  @FieldResolver(() => [String], { description: "Languages the event is not fully written in (e.g. ['hi'])" })
  missingLanguages(@Root() event: EventView): string[] {
    return missingLanguages(event.text, EVENT_TEXT);
  }

  @FieldResolver(() => Boolean, { description: 'Whether the signed-in user is registered (false when signed out)' })
  isRegistered(@Root() event: EventView, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    return ctx.loaders.isRegistered.load(event.id);
  }
}
