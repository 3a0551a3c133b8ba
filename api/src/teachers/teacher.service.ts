import type { DataSource } from 'typeorm';
import { REQUIRED_FIELDS } from '../auth/auth.types';
import { requireFields } from '../auth/auth.service';
import type { AuditService } from '../audit/audit.service';
import { isAdmin, type Viewer } from '../common/access';
import { conflict, forbidden, notFound, validationError } from '../common/errors';
import { queryRows } from '../common/sql';
import { isUuid, validateInput } from '../common/validate';
import { ADMIN_CATEGORIES, UserEntity, type UserCategory, type UserStatus } from '../users/user.entity';
import { ApprovalStatus, StudentInput } from './teacher.types';

export const TEACHER_MESSAGES = {
  studentAdded: 'Student added successfully!',
  emailTaken: 'A user with this email already exists',
  noneSelected: 'Please select at least one student to approve or reject.',
  tooMany: 'Please select at most 500 at a time.',
  notOwn: 'You can only approve or reject your own students',
  notAdminTarget: 'Administrator accounts cannot be approved or rejected here',
  unknown: 'Some of the selected users were not found',
} as const;
export const MAX_APPROVAL_BATCH = 500;

/** The teacher area: a teacher's students, and approvals (teachers for their own students, admins for anyone but admins). */
export class TeacherService {
  constructor(private readonly dataSource: DataSource, private readonly audit: AuditService) {}

  async addStudent(viewer: Viewer, raw: unknown): Promise<UserEntity> {
    requireFields(raw, ['name', 'fatherName', 'email', 'phone', 'district', 'area', 'schoolName']);
    const input = await validateInput(StudentInput, raw, REQUIRED_FIELDS);
    try {
      const id = await this.dataSource.transaction(async (m) => {
        const inserted = await m.getRepository(UserEntity).insert({
          ...input,
          category: 'student',
          status: 'pending',
          primaryUserId: viewer.id,
          createdById: viewer.id,
        });
        const studentId = inserted.identifiers[0].id as string;
        await this.audit.record(viewer, { action: 'student.add', entityType: 'user', entityId: studentId, after: { ...input, category: 'student', status: 'pending' } }, m);
        return studentId;
      });
      return this.studentById(id);
    } catch (err) {
      if ((err as { code?: string })?.code === '23505') throw conflict(TEACHER_MESSAGES.emailTaken);
      throw err;
    }
  }

  private async studentById(id: string): Promise<UserEntity> {
    const found = await this.dataSource.getRepository(UserEntity).findOne({ where: { id }, relations: { primaryUser: true, createdBy: true } });
    if (!found) throw notFound('Student not found');
    return found;
  }

  /** The viewer's own students, newest first. */
  async myStudents(viewer: Viewer): Promise<UserEntity[]> {
    return this.dataSource.getRepository(UserEntity).find({
      where: { primaryUserId: viewer.id, category: 'student' },
      relations: { primaryUser: true, createdBy: true },
      order: { createdAt: 'DESC', id: 'ASC' },
      take: 5000,
    });
  }

  /**
   * Approves or rejects accounts, all or nothing in one transaction. A teacher may touch only their own
   * students; an admin anyone except admins. Rejected accounts lose every token. One audit entry per call.
   */
  async setStatus(viewer: Viewer, raw: { userIds?: unknown; status?: unknown }): Promise<{ updated: number; message: string }> {
    const status = typeof raw.status === 'string' ? raw.status.trim().toLowerCase() : '';
    if (status !== ApprovalStatus.APPROVED && status !== ApprovalStatus.REJECTED) {
      throw validationError('Status must be approved or rejected', { status: 'Status must be approved or rejected' });
    }
    if (raw.userIds !== undefined && raw.userIds !== null && !Array.isArray(raw.userIds)) throw validationError(TEACHER_MESSAGES.noneSelected);
    const ids = [...new Set(((raw.userIds as unknown[]) ?? []).map((v) => (typeof v === 'string' ? v.trim().toLowerCase() : '')))];
    if (!ids.length) throw validationError(TEACHER_MESSAGES.noneSelected, { studentIds: TEACHER_MESSAGES.noneSelected });
    if (ids.length > MAX_APPROVAL_BATCH) throw validationError(TEACHER_MESSAGES.tooMany, { studentIds: TEACHER_MESSAGES.tooMany });
    if (!ids.every(isUuid)) throw notFound(TEACHER_MESSAGES.unknown);
    const admin = isAdmin(viewer);

    const rows = await this.dataSource.transaction(async (m) => {
      const found = await queryRows<{ id: string; category: UserCategory; status: UserStatus; primary_user_id: string | null }>(
        m,
        `SELECT id, category, status, primary_user_id FROM users WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
        [ids],
      );
      if (found.length !== ids.length) throw notFound(TEACHER_MESSAGES.unknown);
      if (!admin && found.some((u) => u.category !== 'student' || u.primary_user_id !== viewer.id)) throw forbidden(TEACHER_MESSAGES.notOwn);
      if (admin && found.some((u) => ADMIN_CATEGORIES.includes(u.category) || u.id === viewer.id)) throw forbidden(TEACHER_MESSAGES.notAdminTarget);
      await m.query(
        `UPDATE users SET status = $2::varchar, token_version = CASE WHEN $2::varchar = 'rejected' THEN token_version + 1 ELSE token_version END, updated_at = now()
          WHERE id = ANY($1::uuid[])`,
        [ids, status],
      );
      await this.audit.record(
        viewer,
        {
          action: status === 'approved' ? 'users.approve' : 'users.reject',
          entityType: 'user',
          entityId: ids.length === 1 ? ids[0] : null,
          before: found.map((u) => ({ id: u.id, category: u.category, status: u.status })),
          after: { status, userIds: ids },
        },
        m,
      );
      return found;
    });

    const n = rows.length;
    const kind = rows.every((u) => u.category === 'student') ? 'student' : rows.every((u) => u.category === 'primary') ? 'teacher' : 'account';
    return { updated: n, message: `${n} ${kind}(s) ${status} successfully` };
  }
}
