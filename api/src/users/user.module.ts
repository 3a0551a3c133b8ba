import { defineModule } from '../common/module';
import { UserAdminResolver } from './user.admin.resolver';
import { userAdminRoutes } from './user.admin.rest';
import { UserEntity } from './user.entity';
import { UserResolver } from './user.resolver';
import { userRoutes } from './user.rest';

export const usersModule = defineModule({
  name: 'users',
  entities: [UserEntity],
  resolvers: [UserResolver, UserAdminResolver],
  routes: userRoutes,
  adminRoutes: userAdminRoutes,
  tags: {
    Profile: "The signed-in person's own account.",
    'Admin: users': 'Every account: lists, one account, creating, editing, deleting.',
  },
});
