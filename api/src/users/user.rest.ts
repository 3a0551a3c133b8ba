import { LANGUAGES } from '../i18n/languages';
import { boolean, MESSAGE, ok, okData, oneOfValues, string, uuid, viewSchema } from '../openapi/schema';
import { route } from '../rest/route';
import { CATEGORY_SCHEMA, STATUS_SCHEMA } from './user-admin.view';
import { PROFILE_UPDATED, restProfile } from './user.service';
import { ProfileInput } from './user.types';

/** The schema of restProfile's answer (user.service.ts), for the REST reference (its keys must be exactly the view's). */
export const restProfileSchema = viewSchema<ReturnType<typeof restProfile>>('Profile', {
  _id: uuid('The id again (the legacy name)'),
  id: uuid(),
  name: string(),
  email: string(undefined, { format: 'email' }),
  phone: string('10 digits', { nullable: true }),
  category: CATEGORY_SCHEMA,
  status: STATUS_SCHEMA,
  remindersEnabled: boolean('Whether event reminder mails go to this person'),
  language: oneOfValues(LANGUAGES, "The language of the person's mails"),
}, { description: "The signed-in person's own account" });

const singleUser = route('get', '/users/get-single-user', 'user', {
  summary: "The signed-in person's account",
  tag: 'Profile',
  response: { description: 'The account', schema: okData(restProfileSchema) },
}, async (ctx) => {
  const user = await ctx.services.users.get(ctx.viewer!.id);
  return { success: true, data: restProfile(user) };
});

export const userRoutes = [
  singleUser,
  // The header variant of the old site calls it with a trailing slash.
  { ...singleUser, path: '/users/get-single-user/', doc: { ...singleUser.doc, summary: `${singleUser.doc.summary} (with a trailing slash, as an older header calls it)` } },
  route('put', '/auth/update-profile', 'user', {
    summary: 'Change your name and phone',
    description: 'Every other field of the body is ignored.',
    tag: 'Profile',
    body: ProfileInput,
    response: { description: 'The account after the change (twice: data and user)', schema: ok({ message: MESSAGE, data: restProfileSchema, user: restProfileSchema }) },
  }, async (ctx) => {
    const user = await ctx.services.users.updateProfile(ctx.viewer!.id, ctx.body);
    return { success: true, message: PROFILE_UPDATED, data: restProfile(user), user: restProfile(user) };
  }),
];
