import { USER_CATEGORIES, USER_STATUSES, type UserEntity } from './user.entity';
import { userView } from './user.service';
import { LANGUAGES } from '../i18n/languages';
import { boolean, dateTime, nullable, object, oneOfValues, string, uuid, viewSchema } from '../openapi/schema';

/** The GraphQL view of a user (the accounts part's mapper; load primaryUser/createdBy to fill those fields). */
export const toUserView = userView;

/** The legacy REST shape of an account: _id beside id, createdBy as an object with name (the User schema of GET /api/openapi.json). */
export function toRestUser(u: UserEntity) {
  const view = userView(u);
  return { _id: view.id, ...view, createdAt: view.createdAt instanceof Date ? view.createdAt.toISOString() : view.createdAt };
}

export const CATEGORY_SCHEMA = oneOfValues(USER_CATEGORIES, 'primary: a teacher (in the teacher and admin areas) or the primary programme; student: a pupil a teacher added');
export const STATUS_SCHEMA = oneOfValues(USER_STATUSES);

/** The schema of toRestUser's answer, for the REST reference (its keys must be exactly the view's). */
export const restUserSchema = viewSchema<ReturnType<typeof toRestUser>>(
  'User',
  {
    _id: uuid('The id again (the legacy name)'),
    id: uuid(),
    name: string(),
    email: string(undefined, { format: 'email' }),
    phone: nullable(string('10 digits')),
    category: CATEGORY_SCHEMA,
    status: STATUS_SCHEMA,
    fatherName: nullable(string('Students')),
    schoolName: nullable(string('Students and teachers')),
    district: nullable(string()),
    area: nullable(string()),
    primaryEmail: nullable(string("For a student: the teacher's e-mail", { format: 'email' })),
    createdBy: nullable(object({ id: uuid(), name: string(), email: string() }, { description: 'Who added the account (a teacher for their students)' })),
    remindersEnabled: boolean('Whether event reminder mails go to this person'),
    language: oneOfValues(LANGUAGES, "The language of the person's mails"),
    createdAt: dateTime(),
  },
  { description: 'An account as the admin portal sees it' },
);
