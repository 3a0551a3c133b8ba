import { route } from '../rest/route';
import type { TeamService } from './team.service';
import type { TeamMemberEntity } from './team-member.entity';

export const toRestTeamMember = (team: TeamService, m: TeamMemberEntity) => ({ _id: m.id, ...team.toView(m) });

export const teamRoutes = [
  // The documented client reads a plain array here.
  route('get', '/team', 'public', async (ctx) => (await ctx.services.team.list()).map((m) => toRestTeamMember(ctx.services.team, m))),
];
