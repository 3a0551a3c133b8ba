import { created, route } from '../rest/route';
import type { UserEntity } from '../users/user.entity';
import { TEACHER_MESSAGES } from './teacher.service';

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

export const teacherRoutes = [
  route('post', '/users/add-student', 'teacher', async (ctx) => {
    const student = await ctx.services.teachers.addStudent(ctx.viewer!, ctx.body);
    return created({ success: true, message: TEACHER_MESSAGES.studentAdded, data: restStudent(student) });
  }),
  route('get', '/users/getStudentsByPrimaryUser', 'teacher', async (ctx) => {
    const students = await ctx.services.teachers.myStudents(ctx.viewer!);
    return { success: true, data: students.map(restStudent) };
  }),
  route('post', '/users/update-status', 'teacher', async (ctx) => {
    const userIds = ctx.body.studentIds ?? ctx.body.userIds ?? ctx.body.ids;
    const result = await ctx.services.teachers.setStatus(ctx.viewer!, { userIds, status: ctx.body.status });
    return { success: true, message: result.message, updated: result.updated };
  }),
];
