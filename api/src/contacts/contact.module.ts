import { defineModule } from '../common/module';
import { ContactAdminResolver } from './contact.admin.resolver';
import { contactAdminRoutes } from './contact.admin.rest';
import { ContactSubmissionEntity } from './contact.entity';
import { ContactResolver } from './contact.resolver';
import { contactRoutes } from './contact.rest';

export const contactsModule = defineModule({
  name: 'contacts',
  entities: [ContactSubmissionEntity],
  resolvers: [ContactResolver, ContactAdminResolver],
  routes: contactRoutes,
  adminRoutes: contactAdminRoutes,
  tags: { 'Admin: contact': 'Messages sent with the contact form.' },
});
