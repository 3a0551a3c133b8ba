import { Arg, Ctx, Field, FieldResolver, ID, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { MessagePayload } from '../auth/auth.types';
import { isAdmin } from '../common/access';
import { PAGE_SIZE } from '../common/page';
import { Access } from '../graphql/access';
import type { GraphQLContext } from '../graphql/context';
import { userView } from '../users/user.service';
import { UserView } from '../users/user.types';
import type { MessageDeliveryEntity } from './message.entity';
import type { MessageRecord } from './message.service';
import { MessageDeliveryPage, MessageDeliveryView, MessageInput, MessagePreviewView, MessageView, SendMessagePayload } from './message.types';

@ObjectType()
export class MessagePage {
  @Field(() => [MessageView]) items: MessageView[];
  @Field(() => Int) total: number;
  @Field(() => Int) offset: number;
  @Field(() => Int) limit: number;
}

const messageView = ({ message: m, totals, status }: MessageRecord): MessageView => ({
  id: m.id, subject: m.subject, text: m.text, subjectHi: m.subjectHi, textHi: m.textHi, segment: m.segment, eventIds: m.eventIds, kind: m.kind,
  status, sendAt: m.sendAt, recipients: m.recipients, totals, createdByEmail: m.createdByEmail, createdAt: m.createdAt,
});
const deliveryView = (d: MessageDeliveryEntity): MessageDeliveryView => ({
  id: d.id, userId: d.userId, recipient: d.recipient, name: d.name, language: d.language, status: d.status, attempts: d.attempts, error: d.error, sentAt: d.sentAt,
});

/** Messages to the people of events (admin, or a key with messages:write); the same operations as /api/admin/messages. */
@Resolver()
export class MessageAdminResolver {
  @Query(() => MessagePage, { description: 'Messages, newest first, with their delivery totals' })
  @Access('admin')
  async messages(
    @Ctx() ctx: GraphQLContext,
    @Arg('offset', () => Int, { defaultValue: 0 }) offset: number,
    @Arg('limit', () => Int, { defaultValue: PAGE_SIZE.default }) limit: number,
  ): Promise<MessagePage> {
    const page = await ctx.services.messages.list(offset, limit);
    return { items: page.items.map(messageView), total: page.total, offset: page.offset, limit: page.limit };
  }

  @Query(() => MessageView, { description: 'A message and its totals: queued, sent, failed' })
  @Access('admin', 'messages:write')
  async message(@Ctx() ctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<MessageView> {
    return messageView(await ctx.services.messages.get(id));
  }

  @Query(() => MessageDeliveryPage, { description: "A message's deliveries, by address" })
  @Access('admin')
  async messageDeliveries(
    @Ctx() ctx: GraphQLContext,
    @Arg('messageId', () => ID) messageId: string,
    @Arg('status', () => String, { nullable: true }) status: string | null,
    @Arg('offset', () => Int, { defaultValue: 0 }) offset: number,
    @Arg('limit', () => Int, { defaultValue: PAGE_SIZE.default }) limit: number,
  ): Promise<MessageDeliveryPage> {
    const page = await ctx.services.messages.deliveries(messageId, { offset, limit, status: status ?? undefined });
    return { items: page.items.map(deliveryView), total: page.total, offset: page.offset, limit: page.limit };
  }

  @Query(() => MessagePreviewView, { description: 'Who a message would reach (distinct people) and how it reads in each language; nothing is sent' })
  @Access('admin', 'messages:write')
  messagePreview(@Ctx() ctx: GraphQLContext, @Arg('input', () => MessageInput) input: MessageInput): Promise<MessagePreviewView> {
    return ctx.services.messages.preview(ctx.viewer!, input);
  }

  @Mutation(() => SendMessagePayload, { description: 'Sends a message now or at sendAt (RATE_LIMITED past the hourly limit of people per admin)' })
  @Access('admin', 'messages:write')
  async sendMessage(@Ctx() ctx: GraphQLContext, @Arg('input', () => MessageInput) input: MessageInput): Promise<SendMessagePayload> {
    const made = await ctx.services.messages.create(ctx.viewer!, input);
    return { id: made.id, recipients: made.recipients, message: messageView(await ctx.services.messages.get(made.id)) };
  }

  @Mutation(() => MessageView, { description: 'Cancels a scheduled message before it goes out' })
  @Access('admin', 'messages:write')
  async cancelMessage(@Ctx() ctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<MessageView> {
    return messageView(await ctx.services.messages.cancel(ctx.viewer!, id));
  }
}

/** A person's choice to receive news (messages across events): the profile switch and a news mail's stop link. */
@Resolver(() => UserView)
export class NewsPreferenceResolver {
  @FieldResolver(() => Boolean, { nullable: true, description: 'Whether the person receives news (messages across events); null for anyone but themselves or an admin' })
  async newsEnabled(@Root() user: UserView, @Ctx() ctx: GraphQLContext): Promise<boolean | null> {
    if (!ctx.viewer || (ctx.viewer.id !== user.id && !isAdmin(ctx.viewer))) return null;
    return ctx.services.messages.newsEnabled(user.id);
  }

  @Mutation(() => UserView, { description: 'The profile switch: news mails on or off' })
  @Access('user')
  async setNewsPreference(@Ctx() ctx: GraphQLContext, @Arg('enabled', () => Boolean) enabled: boolean): Promise<UserView> {
    await ctx.services.messages.setNewsPreference(ctx.viewer!.id, enabled);
    return userView(await ctx.services.users.get(ctx.viewer!.id));
  }

  @Mutation(() => MessagePayload, { description: "The token of a news mail's stop link: turns news off (no sign-in)" })
  @Access('public')
  stopNews(@Ctx() ctx: GraphQLContext, @Arg('token', () => String) token: string): Promise<MessagePayload> {
    return ctx.services.messages.stopNews(token);
  }
}
