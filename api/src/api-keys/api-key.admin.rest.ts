import { API_SCOPES } from '../common/access';
import { arrayOf, dateTime, idParam, nullable, okData, okMessageData, oneOfValues, string, uuid, viewSchema } from '../openapi/schema';
import { created, route } from '../rest/route';
import type { ApiKeyEntity } from './api-key.entity';
import { ApiKeyInput } from './api-key.types';

const TAG = 'Admin: API keys and webhooks';

const rest = (k: ApiKeyEntity) => ({
  _id: k.id, id: k.id, name: k.name, prefix: k.keyPrefix, scopes: k.scopes, expiresAt: k.expiresAt, lastUsedAt: k.lastUsedAt, revokedAt: k.revokedAt, createdBy: k.createdBy, createdAt: k.createdAt,
});

export const apiKeySchema = viewSchema<ReturnType<typeof rest>>('ApiKey', {
  _id: uuid('The id again (the legacy name)'),
  id: uuid(),
  name: string(),
  prefix: string('gjk_ and the first characters of the key, to recognise it'),
  scopes: arrayOf(oneOfValues(API_SCOPES)),
  expiresAt: nullable(dateTime('When it stops working (null: until revoked)')),
  lastUsedAt: nullable(dateTime('Last request made with it (updated at most once a minute)')),
  revokedAt: nullable(dateTime()),
  createdBy: uuid('The admin who made it (the key acts for them)'),
  createdAt: dateTime(),
}, { description: 'An integrator key, without the key itself' });

export const apiKeyAdminRoutes = [
  route('post', '/admin/api-keys', 'admin', {
    summary: 'Make an API key (the key is in this answer only)',
    description: `Scopes: ${API_SCOPES.join(', ')}. The key (\`gjk_\` + 43 characters) is stored only as a hash: keep it from this answer. See docs/integrators.md.`,
    tag: TAG,
    body: ApiKeyInput,
    response: { status: 201, description: 'The new key', schema: okData(apiKeySchema, { id: uuid(), key: string('The key, shown this once') }) },
  }, async (ctx) => {
    const made = await ctx.services.apiKeys.create(ctx.viewer!, ctx.body);
    return created({ success: true, id: made.id, key: made.key, data: rest(made.apiKey) });
  }),
  route('get', '/admin/api-keys', 'admin', {
    summary: 'Every API key, newest first (revoked ones too; never the keys)',
    tag: TAG,
    response: { description: 'The keys', schema: okData(arrayOf(apiKeySchema)) },
  }, async (ctx) => ({ success: true, data: (await ctx.services.apiKeys.list()).map(rest) })),
  route('delete', '/admin/api-keys/:id', 'admin', {
    summary: 'Revoke an API key (401 from its next request on, on every replica)',
    tag: TAG,
    params: { id: idParam('The key') },
    response: { description: 'The key, revoked', schema: okMessageData(apiKeySchema) },
  }, async (ctx) => ({ success: true, message: 'API key revoked', data: rest(await ctx.services.apiKeys.revoke(ctx.viewer!, ctx.params.id)) })),
];
