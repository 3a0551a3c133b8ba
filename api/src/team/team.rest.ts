import { LANGUAGES } from '../i18n/languages';
import { restText } from '../i18n/translations';
import { arrayOf, nullable, object, string, translationsSchema, uuid, viewSchema } from '../openapi/schema';
import { route, type RestContext } from '../rest/route';
import type { TeamMemberEntity } from './team-member.entity';
import { TEAM_TEXT } from './team.types';

/** The REST shape of a team member: name, designation and description in the request's language, every language in `translations`. */
export const toRestTeamMember = (ctx: RestContext, m: TeamMemberEntity) => {
  const { text, ...fields } = ctx.services.team.toView(m);
  return { _id: m.id, ...fields, ...restText(text, TEAM_TEXT, ctx.lang) };
};

/** The schema of toRestTeamMember's answer, for the REST reference (its keys must be exactly the view's). */
export const restTeamMemberSchema = viewSchema<ReturnType<typeof toRestTeamMember>>('TeamMember', {
  _id: uuid('The id again (the legacy name)'),
  id: uuid(),
  name: string("In the request's language (English where it has none)"),
  designation: string("In the request's language"),
  description: string("In the request's language"),
  translations: translationsSchema('TeamMemberTranslations', LANGUAGES, TEAM_TEXT.fields),
  imageUrl: nullable(string('The largest rendition, under /uploads')),
  imageSrcSet: nullable(string('Every rendition, as an HTML srcset')),
  socialLinks: object(Object.fromEntries(['facebook', 'linkedin', 'twitter', 'github'].map((k) => [k, nullable(string(undefined, { format: 'uri' }))]))),
}, { description: 'A team member shown on the site' });

export const teamRoutes = [
  // The documented client reads a plain array here.
  route('get', '/team', 'public', {
    summary: 'The team',
    description: 'A plain array, without the `success` envelope (what the older site reads). Signed out, the answer is shared by every visitor (ETag, 304).',
    tag: 'Site',
    localized: true,
    response: { description: 'Every team member, in the order they were added', schema: arrayOf(restTeamMemberSchema) },
  }, async (ctx) => (await ctx.services.team.list()).map((m) => toRestTeamMember(ctx, m))),
];
