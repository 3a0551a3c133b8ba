import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../graphql/context';
import { EventView } from '../events/event.types';

/** Event.meetingLink: only for a registered viewer or an admin; null for everyone else (and when it has none). */
@Resolver(() => EventView)
export class MeetingLinkEventFieldsResolver {
  @FieldResolver(() => String, { nullable: true, description: 'The online meeting (https): only for people registered for the event and admins; null for everyone else or when it has none' })
  async meetingLink(@Root() event: EventView, @Ctx() ctx: GraphQLContext): Promise<string | null> {
    if (!ctx.viewer) return null;
    return (await ctx.loaders.meetingLinks.load(event.id)) ?? null;
  }
}
