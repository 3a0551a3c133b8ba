import { arrayOf, dateTime, integer, MESSAGE, nullable, object, ok, okData, okMessageData, oneOfValues, string, uuid, viewSchema } from '../openapi/schema';
import { created, route } from '../rest/route';
import { CATEGORY_SCHEMA, STATUS_SCHEMA } from '../users/user.admin.view';
import type { UserEntity } from '../users/user.entity';
import { MAX_APPROVAL_BATCH, TEACHER_MESSAGES } from './teacher.service';
import { StudentInput } from './teacher.types';

/** The legacy shape of a student in the teacher area. */
function restStudent(u: UserEntity) {
  return {
    _id: u.id,
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    fatherName: u.fatherName,
    schoolName: u.schoolName,
    district: u.district,
    area: u.area,
    category: u.category,
    status: u.status,
    createdAt: u.createdAt.toISOString(),
    primaryEmail: u.primaryUser?.email ?? null,
    createdBy: u.createdBy ? { _id: u.createdBy.id, id: u.createdBy.id, name: u.createdBy.name } : null,
  };
}

export const restStudentSchema = viewSchema<ReturnType<typeof restStudent>>('Student', {
  _id: uuid('The id again (the legacy name)'),
  id: uuid(),
  name: string(),
  email: string(),
  phone: nullable(string()),
  fatherName: nullable(string()),
  schoolName: nullable(string()),
  district: nullable(string()),
  area: nullable(string()),
  category: CATEGORY_SCHEMA,
  status: STATUS_SCHEMA,
  createdAt: dateTime(),
  primaryEmail: nullable(string("The teacher's e-mail")),
  createdBy: nullable(object({ _id: uuid(), id: uuid(), name: string() })),
}, { description: 'A student in the teacher area' });

const IDS = arrayOf(uuid(), `At most ${MAX_APPROVAL_BATCH}`);

export const teacherRoutes = [
  route('post', '/users/add-student', 'teacher', {
    summary: 'Add a student',
    description: 'Every field is required. The student waits for approval (POST /api/users/update-status).',
    tag: 'Teacher area',
    body: StudentInput,
    response: { status: 201, description: 'Added', schema: okMessageData(restStudentSchema) },
    errors: ['CONFLICT'],
  }, async (ctx) => {
    const student = await ctx.services.teachers.addStudent(ctx.viewer!, ctx.body);
    return created({ success: true, message: TEACHER_MESSAGES.studentAdded, data: restStudent(student) });
  }),
  route('get', '/users/getStudentsByPrimaryUser', 'teacher', {
    summary: 'Your students',
    description: "The signed-in teacher's students, newest first (for an admin, the students the admin's own account is the teacher of).",
    tag: 'Teacher area',
    response: { description: 'The students', schema: okData(arrayOf(restStudentSchema)) },
  }, async (ctx) => {
    const students = await ctx.services.teachers.myStudents(ctx.viewer!);
    return { success: true, data: students.map(restStudent) };
  }),
  route('post', '/users/update-status', 'teacher', {
    summary: 'Approve or reject accounts',
    description: 'A teacher approves or rejects their own students; an admin any account but an admin (teachers included).',
    tag: 'Teacher area',
    body: {
      schema: object(
        {
          studentIds: IDS,
          userIds: { ...IDS, description: 'The same as studentIds' },
          ids: { ...IDS, description: 'The same as studentIds' },
          status: oneOfValues(['approved', 'rejected']),
        },
        { optional: ['studentIds', 'userIds', 'ids'], description: 'The accounts (under any of the three names) and what to do' },
      ),
    },
    response: { description: 'Done', schema: ok({ message: MESSAGE, updated: integer('How many accounts changed') }) },
    errors: ['NOT_FOUND'],
  }, async (ctx) => {
    const userIds = ctx.body.studentIds ?? ctx.body.userIds ?? ctx.body.ids;
    const result = await ctx.services.teachers.setStatus(ctx.viewer!, { userIds, status: ctx.body.status });
    return { success: true, message: result.message, updated: result.updated };
  }),
];
