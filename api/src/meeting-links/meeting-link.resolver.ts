import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../graphql/context';
import { EventView } from '../events/event.types';
import { EventSessionView } from '../sessions/session.types';

/** Event.meetingLink: only for a registered viewer or an admin; null for everyone else (and when it has none). */
@Resolver(() => EventView)
export class MeetingLinkEventFieldsResolver {
  @FieldResolver(() => String, { nullable: true, description: 'The online meeting (https): only for people registered for the event and admins; null for everyone else or when it has none' })
  async meetingLink(@Root() event: EventView, @Ctx() ctx: GraphQLContext): Promise<string | null> {
    if (!ctx.viewer) return null;
    return (await ctx.loaders.meetingLinks.load(event.id)) ?? null;
  }
}

/** EventSession.meetingLink: the session's own link, by the same rule as the event's. */
@Resolver(() => EventSessionView)
export class MeetingLinkSessionFieldsResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description: "This session's own online meeting (https), instead of the event's: only for people registered for the event and admins. Null for everyone else, or when it has none (the event's meetingLink stands)",
  })
  async meetingLink(@Root() session: EventSessionView, @Ctx() ctx: GraphQLContext): Promise<string | null> {
    if (!ctx.viewer) return null;
    return (await ctx.loaders.sessionMeetingLinks.load(session.eventId))?.get(session.id) ?? null;
  }
}
