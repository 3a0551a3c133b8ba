import { DELETED, idParam, okMessageData } from '../openapi/schema';
import { created, route } from '../rest/route';
import { restTeamMemberSchema, toRestTeamMember } from './team.rest';
import { TeamMemberInput, TeamMemberUpdateInput } from './team.types';

const LINKS_NOTE = 'In a multipart form, `socialLinks` is a JSON string.';

const IMAGE = { fields: ['image', 'imageUrl'] };

export const teamAdminRoutes = [
  route('post', '/team', 'admin', {
    summary: 'Add a team member',
    description: `An image is required: the file in a multipart form, or \`imageKey\` from POST /api/uploads. ${LINKS_NOTE}`,
    tag: 'Admin: team',
    body: TeamMemberInput,
    localized: true,
    response: { status: 201, description: 'Added', schema: okMessageData(restTeamMemberSchema) },
    errors: ['UNSUPPORTED_MEDIA'],
  }, async (ctx) => {
    const member = await ctx.services.team.create(ctx.viewer, ctx.body, ctx.file?.buffer);
    return created({ success: true, message: 'Team member added successfully', data: toRestTeamMember(ctx, member) });
  }, IMAGE),
  route('put', '/team/:id', 'admin', {
    summary: 'Change a team member',
    description: `Only the fields sent change. ${LINKS_NOTE}`,
    tag: 'Admin: team',
    params: { id: idParam('The team member') },
    body: TeamMemberUpdateInput,
    localized: true,
    response: { description: 'The team member after the change', schema: okMessageData(restTeamMemberSchema) },
    errors: ['UNSUPPORTED_MEDIA'],
  }, async (ctx) => {
    const member = await ctx.services.team.update(ctx.viewer, ctx.params.id, ctx.body, ctx.file?.buffer);
    return { success: true, message: 'Team member updated successfully', data: toRestTeamMember(ctx, member) };
  }, IMAGE),
  route('delete', '/team/:id', 'admin', {
    summary: 'Remove a team member',
    tag: 'Admin: team',
    params: { id: idParam('The team member') },
    response: { description: 'Removed', schema: DELETED },
  }, async (ctx) => {
    const member = await ctx.services.team.delete(ctx.viewer, ctx.params.id);
    return { success: true, message: 'Team member deleted successfully', data: { _id: member.id, id: member.id } };
  }),
];
