import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Access } from '../graphql/access';
import type { GraphQLContext } from '../graphql/context';
import type { ApiKeyEntity } from './api-key.entity';
import { ApiKeyInput, ApiKeyView, CreatedApiKeyPayload } from './api-key.types';

const view = (k: ApiKeyEntity): ApiKeyView => ({
  id: k.id, name: k.name, prefix: k.keyPrefix, scopes: k.scopes, expiresAt: k.expiresAt, lastUsedAt: k.lastUsedAt, revokedAt: k.revokedAt, createdBy: k.createdBy, createdAt: k.createdAt,
});

/** Integrators' API keys (admin): make (the key shown once), list, revoke. */
@Resolver()
export class ApiKeyAdminResolver {
  @Query(() => [ApiKeyView], { description: 'Every API key, newest first (revoked ones too; never the keys)' })
  @Access('admin')
  async apiKeys(@Ctx() ctx: GraphQLContext): Promise<ApiKeyView[]> {
    return (await ctx.services.apiKeys.list()).map(view);
  }

  @Mutation(() => CreatedApiKeyPayload, { description: 'Makes an API key; `key` is in this answer only' })
  @Access('admin')
  async createApiKey(@Ctx() ctx: GraphQLContext, @Arg('input', () => ApiKeyInput) input: ApiKeyInput): Promise<CreatedApiKeyPayload> {
    const made = await ctx.services.apiKeys.create(ctx.viewer!, input);
    return { id: made.id, key: made.key, apiKey: view(made.apiKey) };
  }

  @Mutation(() => ApiKeyView, { description: 'Revokes an API key: it answers UNAUTHENTICATED from its next request on' })
  @Access('admin')
  async revokeApiKey(@Ctx() ctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<ApiKeyView> {
    return view(await ctx.services.apiKeys.revoke(ctx.viewer!, id));
  }
}
