import { PAGE_SIZE } from '../common/page';
import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Access } from '../graphql/access';
import type { GraphQLContext } from '../graphql/context';
import type { WebhookDeliveryEntity, WebhookEndpointEntity } from './webhook.entity';
import { CreatedWebhookPayload, WebhookDeliveryPage, WebhookDeliveryView, WebhookEndpointInput, WebhookEndpointView } from './webhook.types';

const endpointView = (e: WebhookEndpointEntity): WebhookEndpointView => ({
  id: e.id, url: e.url, events: e.eventTypes, enabled: e.enabled, disabledReason: e.disabledReason, disabledAt: e.disabledAt, failingSince: e.failingSince, createdAt: e.createdAt,
});
const deliveryView = (d: WebhookDeliveryEntity): WebhookDeliveryView => ({
  id: d.id, messageId: d.messageId, eventType: d.eventType, status: d.status, attempts: d.attempts, payload: JSON.stringify(d.payload),
  requestHeaders: d.requestHeaders ? JSON.stringify(d.requestHeaders) : null, responseStatus: d.responseStatus, responseBody: d.responseBody, durationMs: d.durationMs,
  error: d.error, attemptLog: d.attemptLog, nextAttemptAt: d.nextAttemptAt, lastAttemptAt: d.lastAttemptAt, deliveredAt: d.deliveredAt, createdAt: d.createdAt,
});

/** Webhook endpoints and their delivery log (admin); the same operations as /api/admin/webhooks. */
@Resolver()
export class WebhookAdminResolver {
  @Query(() => [WebhookEndpointView], { description: 'Every webhook endpoint, newest first (never the secrets)' })
  @Access('admin')
  async webhookEndpoints(@Ctx() ctx: GraphQLContext): Promise<WebhookEndpointView[]> {
    return (await ctx.services.webhooks.list()).map(endpointView);
  }

  @Query(() => WebhookDeliveryPage, { description: "An endpoint's delivery log, newest first (30 days)" })
  @Access('admin')
  async webhookDeliveries(
    @Ctx() ctx: GraphQLContext,
    @Arg('endpointId', () => ID) endpointId: string,
    @Arg('offset', () => Int, { defaultValue: 0 }) offset: number,
    @Arg('limit', () => Int, { defaultValue: PAGE_SIZE.default }) limit: number,
  ): Promise<WebhookDeliveryPage> {
    const page = await ctx.services.webhooks.deliveries(endpointId, offset, limit);
    return { items: page.items.map(deliveryView), total: page.total, offset: page.offset, limit: page.limit };
  }

  @Mutation(() => CreatedWebhookPayload, { description: 'Registers an endpoint; `secret` is in this answer only' })
  @Access('admin')
  async createWebhookEndpoint(@Ctx() ctx: GraphQLContext, @Arg('input', () => WebhookEndpointInput) input: WebhookEndpointInput): Promise<CreatedWebhookPayload> {
    const made = await ctx.services.webhooks.create(ctx.viewer!, input);
    return { id: made.id, secret: made.secret, endpoint: endpointView(made.endpoint) };
  }

  @Mutation(() => WebhookEndpointView, { description: 'Enables (clearing its failure streak) or disables an endpoint' })
  @Access('admin')
  async setWebhookEndpointEnabled(@Ctx() ctx: GraphQLContext, @Arg('id', () => ID) id: string, @Arg('enabled') enabled: boolean): Promise<WebhookEndpointView> {
    return endpointView(await ctx.services.webhooks.setEnabled(ctx.viewer!, id, { enabled }));
  }

  @Mutation(() => WebhookEndpointView, { description: 'Deletes an endpoint and its delivery log' })
  @Access('admin')
  async deleteWebhookEndpoint(@Ctx() ctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<WebhookEndpointView> {
    return endpointView(await ctx.services.webhooks.remove(ctx.viewer!, id));
  }

  @Mutation(() => WebhookDeliveryView, { description: 'Sends a delivery again, with the same webhook-id' })
  @Access('admin')
  async redeliverWebhook(@Ctx() ctx: GraphQLContext, @Arg('endpointId', () => ID) endpointId: string, @Arg('deliveryId', () => ID) deliveryId: string): Promise<WebhookDeliveryView> {
    return deliveryView(await ctx.services.webhooks.redeliver(ctx.viewer!, endpointId, deliveryId));
  }
}
