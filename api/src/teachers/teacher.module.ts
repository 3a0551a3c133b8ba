import { defineModule } from '../common/module';
import { TeacherResolver } from './teacher.resolver';
import { teacherRoutes } from './teacher.rest';

export const teachersModule = defineModule({
  name: 'teachers',
  resolvers: [TeacherResolver],
  routes: teacherRoutes,
  tags: { 'Teacher area': "An approved teacher's students: adding them, listing them, approving them." },
});
