import { adminRoutes } from '../admin/admin.rest';
import { auditRoutes } from '../audit/audit.rest';
import { authRoutes } from '../auth/auth.rest';
import { checkInRoutes } from '../checkin/checkin.rest';
import { certificateRoutes } from '../certificates/certificate.rest';
import { contactAdminRoutes } from '../contacts/contact.admin.rest';
import { contactRoutes } from '../contacts/contact.rest';
import { eventAdminRoutes } from '../events/event.admin.rest';
import { exportRoutes } from '../exports/export.rest';
import { jobRoutes } from '../jobs/job.rest';
import { statsRoutes } from '../stats/stat.rest';
import { eventRoutes } from '../events/event.rest';
import { teamAdminRoutes } from '../team/team.admin.rest';
import { teamRoutes } from '../team/team.rest';
import { teacherRoutes } from '../teachers/teacher.rest';
import { registrationRoutes } from '../registrations/registration.rest';
import { reminderRoutes } from '../reminders/reminder.rest';
import { uploadRoutes } from '../uploads/upload.rest';
import { userAdminRoutes } from '../users/user.admin.rest';
import { userRoutes } from '../users/user.rest';
import { visitorRoutes } from '../visitors/visitor.rest';
import { waitlistRoutes } from '../waitlist/waitlist.rest';
import { openApiRoutes } from '../openapi/openapi.rest';
import type { RouteDef } from './route';

/** Every /api route, in one list: the authorization test walks it. */
export const restRoutes: RouteDef[] = [
  // Statistics first: /users/total etc. must win over any /users/:id route.
  ...statsRoutes,
  // accounts, teacher area and event registration (fixed paths; before any /users/:id route)
  ...authRoutes,
  ...userRoutes,
  ...teacherRoutes,
  ...registrationRoutes,
  ...waitlistRoutes,
  ...eventRoutes,
  ...visitorRoutes,
  ...contactRoutes,
  ...teamRoutes,
  // admin portal
  ...adminRoutes,
  ...eventAdminRoutes,
  ...checkInRoutes,
  ...certificateRoutes,
  ...reminderRoutes,
  ...userAdminRoutes,
  ...teamAdminRoutes,
  ...contactAdminRoutes,
  ...uploadRoutes,
  ...auditRoutes,
  ...exportRoutes,
  ...jobRoutes,
  // the REST reference of all of the above (GET /api/openapi.json, GET /api/docs)
  ...openApiRoutes(() => restRoutes),
];
