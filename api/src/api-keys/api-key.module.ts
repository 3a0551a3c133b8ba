import { defineModule } from '../common/module';
import { ApiKeyAdminResolver } from './api-key.admin.resolver';
import { apiKeyAdminRoutes } from './api-key.admin.rest';
import { ApiKeyEntity } from './api-key.entity';

export const apiKeysModule = defineModule({
  name: 'api-keys',
  entities: [ApiKeyEntity],
  resolvers: [ApiKeyAdminResolver],
  adminRoutes: apiKeyAdminRoutes,
  tags: { 'Admin: API keys and webhooks': 'Keys for integrators (Authorization: Bearer gjk_…, limited to their scopes) and signed webhooks. See docs/integrators.md.' },
});
