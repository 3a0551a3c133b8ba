import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { DeletePayload } from '../common/delete-payload.types';
import { Access } from '../graphql/access';
import type { GraphQLContext } from '../graphql/context';
import { toUserView } from '../users/user.admin.view';
import { UserView } from '../users/user.types';
import { EventInput, EventUpdateInput, EventView } from './event.types';

/** Admin writes on events; images come as an imageKey from POST /api/uploads. */
@Resolver()
export class EventAdminResolver {
  @Mutation(() => EventView)
  @Access('admin')
  async createEvent(@Ctx() ctx: GraphQLContext, @Arg('input', () => EventInput) input: EventInput): Promise<EventView> {
    return ctx.services.events.toView(await ctx.services.events.create(ctx.viewer, input));
  }

  @Mutation(() => EventView)
  @Access('admin')
  async updateEvent(
    @Ctx() ctx: GraphQLContext,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => EventUpdateInput) input: EventUpdateInput,
  ): Promise<EventView> {
    return ctx.services.events.toView((await ctx.services.events.update(ctx.viewer, id, input)).after);
  }

  @Mutation(() => DeletePayload)
  @Access('admin')
  async deleteEvent(@Ctx() ctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<DeletePayload> {
    const deleted = await ctx.services.events.delete(ctx.viewer, id);
    return { id: deleted.id, success: true, message: 'Event deleted successfully' };
  }

  @Mutation(() => EventView, { description: 'Cancels the event once: no registration, no reminder; registrants (and people waiting) are mailed. Again: changes nothing' })
  @Access('admin')
  async cancelEvent(@Ctx() ctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<EventView> {
    return ctx.services.events.toView((await ctx.services.events.cancel(ctx.viewer, id)).event);
  }

  @Query(() => [UserView], { description: 'Who registered for an event (admin event view)' })
  @Access('admin', 'registrations:read')
  async eventRegistrations(@Ctx() ctx: GraphQLContext, @Arg('eventId', () => ID) eventId: string): Promise<UserView[]> {
    return (await ctx.services.events.registeredUsers(eventId)).map(toUserView);
  }
}
