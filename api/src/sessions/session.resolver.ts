import { Ctx, FieldResolver, Int, Resolver, Root } from 'type-graphql';
import { EventView } from '../events/event.types';
import type { GraphQLContext } from '../graphql/context';
import { isOnlineEvent, sessionText } from './session-rules';
import { EventSessionView, SessionAttendanceView } from './session.types';

/** Event.sessions and Event.mySessionAttendance (batched per request: loaders.sessions, loaders.mySessionAttendance). */
@Resolver(() => EventView)
export class SessionEventFieldsResolver {
  @FieldResolver(() => [EventSessionView], { description: 'The sessions in time order (one for a single-session event); date and time are the first\'s' })
  sessions(@Root() event: EventView, @Ctx() ctx: GraphQLContext): Promise<EventSessionView[]> {
    return ctx.loaders.sessions.load(event.id);
  }

  @FieldResolver(() => Boolean, { description: "It has an online meeting, its own or one of its sessions' (the link itself only for registrants and admins: meetingLink)" })
  async isOnline(@Root() event: EventView, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    return isOnlineEvent(event, await ctx.loaders.sessions.load(event.id));
  }

  @FieldResolver(() => Int, { description: 'How many sessions it has (what a card shows: "10 sessions"), without asking for the list' })
  async sessionCount(@Root() event: EventView, @Ctx() ctx: GraphQLContext): Promise<number> {
    return (await ctx.loaders.sessions.load(event.id)).length;
  }

  @FieldResolver(() => [SessionAttendanceView], { nullable: true, description: "The signed-in person's attendance at each session; null when signed out or not registered" })
  mySessionAttendance(@Root() event: EventView, @Ctx() ctx: GraphQLContext): Promise<SessionAttendanceView[] | null> | null {
    if (!ctx.viewer) return null;
    return ctx.loaders.mySessionAttendance.load(event.id);
  }
}

/** A session's own title and place in the request's language (English where it has no Hindi; null where it has none). */
@Resolver(() => EventSessionView)
export class EventSessionResolver {
  @FieldResolver(() => String, { nullable: true, description: "Its own title in the request's language (null: it has none, the event's title stands)" })
  title(@Root() s: EventSessionView, @Ctx() ctx: GraphQLContext): string | null {
    return sessionText(s, ctx.lang).title;
  }

  @FieldResolver(() => String, { nullable: true, description: "Its own place in the request's language (null: the event's place)" })
  location(@Root() s: EventSessionView, @Ctx() ctx: GraphQLContext): string | null {
    return sessionText(s, ctx.lang).location;
  }
}
