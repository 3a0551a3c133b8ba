import { created, route } from '../rest/route';
import { toRestTeamMember } from './team.rest';

const IMAGE = { fields: ['image', 'imageUrl'] };

export const teamAdminRoutes = [
  route('post', '/team', 'admin', async (ctx) => {
    const member = await ctx.services.team.create(ctx.viewer, ctx.body, ctx.file?.buffer);
    return created({ success: true, message: 'Team member added successfully', data: toRestTeamMember(ctx, member) });
  }, IMAGE),
  route('put', '/team/:id', 'admin', async (ctx) => {
    const member = await ctx.services.team.update(ctx.viewer, ctx.params.id, ctx.body, ctx.file?.buffer);
    return { success: true, message: 'Team member updated successfully', data: toRestTeamMember(ctx, member) };
  }, IMAGE),
  route('delete', '/team/:id', 'admin', async (ctx) => {
    const member = await ctx.services.team.delete(ctx.viewer, ctx.params.id);
    return { success: true, message: 'Team member deleted successfully', data: { _id: member.id, id: member.id } };
  }),
];
