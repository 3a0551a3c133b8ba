import { restText } from '../i18n/translations';
import { route, type RestContext } from '../rest/route';
import type { TeamMemberEntity } from './team-member.entity';
import { TEAM_TEXT } from './team.types';

/** The REST shape of a team member: name, designation and description in the request's language, every language in `translations`. */
export const toRestTeamMember = (ctx: RestContext, m: TeamMemberEntity) => {
  const { text, ...fields } = ctx.services.team.toView(m);
  return { _id: m.id, ...fields, ...restText(text, TEAM_TEXT, ctx.lang) };
};

export const teamRoutes = [
  // The documented client reads a plain array here.
  route('get', '/team', 'public', async (ctx) => (await ctx.services.team.list()).map((m) => toRestTeamMember(ctx, m))),
];
