import { defineModule } from '../common/module';
import { TeamAdminResolver } from './team.admin.resolver';
import { teamAdminRoutes } from './team.admin.rest';
import { TeamMemberEntity } from './team-member.entity';
import { TeamResolver } from './team.resolver';
import { teamRoutes } from './team.rest';

export const teamModule = defineModule({
  name: 'team',
  entities: [TeamMemberEntity],
  resolvers: [TeamResolver, TeamAdminResolver],
  routes: teamRoutes,
  adminRoutes: teamAdminRoutes,
  tags: { 'Admin: team': 'The team members shown on the site.' },
});
