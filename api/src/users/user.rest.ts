import { route } from '../rest/route';
import { PROFILE_UPDATED, restProfile } from './user.service';

const singleUser = route('get', '/users/get-single-user', 'user', async (ctx) => {
  const user = await ctx.services.users.get(ctx.viewer!.id);
  return { success: true, data: restProfile(user) };
});

export const userRoutes = [
  singleUser,
  // The header variant of the old site calls it with a trailing slash.
  { ...singleUser, path: '/users/get-single-user/' },
  route('put', '/auth/update-profile', 'user', async (ctx) => {
    const user = await ctx.services.users.updateProfile(ctx.viewer!.id, ctx.body);
    return { success: true, message: PROFILE_UPDATED, data: restProfile(user), user: restProfile(user) };
  }),
];
