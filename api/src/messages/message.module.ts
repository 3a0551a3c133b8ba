import { defineModule } from '../common/module';
import { MessageDeliveryEntity, MessageEntity, NewsOptOutEntity } from './message.entity';
import { MessageAdminResolver, NewsPreferenceResolver } from './message.resolver';
import { messageAdminRoutes, messageRoutes, messageTags } from './message.rest';

export const messagesModule = defineModule({
  name: 'messages',
  entities: [MessageEntity, MessageDeliveryEntity, NewsOptOutEntity],
  resolvers: [MessageAdminResolver, NewsPreferenceResolver],
  routes: messageRoutes,
  adminRoutes: messageAdminRoutes,
  tags: messageTags,
});
