import { LANGUAGES } from '../i18n/languages';
import { boolean, MESSAGE, MESSAGE_ONLY, ok, okData, oneOfValues, string, uuid, viewSchema } from '../openapi/schema';
import { route, type RestContext, type RouteDoc } from '../rest/route';
import { CATEGORY_SCHEMA, STATUS_SCHEMA } from './user.admin.view';
import { PROFILE_UPDATED, restProfile } from './user.service';
import { ProfileInput, StopRemindersInput } from './user.types';

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

/** The token from the query string (the mail's links) or a JSON body. */
const stopToken = (ctx: RestContext) => (typeof ctx.req.query.token === 'string' ? ctx.req.query.token : ctx.body.token);

/** The stop link's API: GET answers JSON (the site's page asks first); POST is RFC 8058's one-click (body `List-Unsubscribe=One-Click`). */
async function stop(ctx: RestContext) {
  const { message } = await ctx.services.users.stopReminders(stopToken(ctx));
  return { success: true, message };
}

const stopDoc = (method: 'get' | 'post'): RouteDoc => ({
  summary: method === 'get' ? "Stop reminder mails (the mails' stop link)" : 'Stop reminder mails (one-click, RFC 8058)',
  description:
    method === 'get'
      ? 'The token comes from the link in a reminder mail. Turns reminders off for the person; doing it again changes nothing.'
      : 'What a mail program sends for List-Unsubscribe-Post (`List-Unsubscribe=One-Click`): the token in the query string, or `{ "token" }` as JSON.',
  tag: 'Reminders',
  query: [{ name: 'token', description: 'The token of the stop link' }],
  ...(method === 'post' ? { body: StopRemindersInput } : {}),
  response: { description: 'Reminders are off', schema: MESSAGE_ONLY },
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
  route('get', '/reminders/stop', 'public', stopDoc('get'), stop),
  route('post', '/reminders/stop', 'public', stopDoc('post'), stop),
];
