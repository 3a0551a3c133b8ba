import { defineModule } from '../common/module';
import { WebhookAdminResolver } from './webhook.admin.resolver';
import { webhookAdminRoutes } from './webhook.admin.rest';
import { WebhookDeliveryEntity, WebhookEndpointEntity } from './webhook.entity';

export const webhooksModule = defineModule({
  name: 'webhooks',
  entities: [WebhookEndpointEntity, WebhookDeliveryEntity],
  resolvers: [WebhookAdminResolver],
  adminRoutes: webhookAdminRoutes,
});
