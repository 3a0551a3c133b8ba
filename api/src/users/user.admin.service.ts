import { containsPattern } from '../common/sql';
import type { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import type { AuditService } from '../audit/audit.service';
import type { Viewer } from '../common/access';
import { conflict, forbidden, notFound, validationError } from '../common/errors';
import { isUuid, validateInput } from '../common/validate';
import { hashPassword } from '../auth/password';
import type { Config } from '../config/env';
import { ADMIN_CATEGORIES, UserEntity, type UserCategory } from './user.entity';
import type { UserService } from './user.service';
import type { RegistrationLedger } from '../registrations/registration-ledger';
import { PASSWORD_MESSAGE, UserFilter, UserInput, UserPageArgs, UserUpdateInput } from './user.admin.types';

export const USER_NOT_FOUND = 'User not found';

export interface UserListResult {
  items: UserEntity[];
  total: number;
  offset: number;
  limit: number;
}

/** The fields the per-category rules of the admin's user form look at. */
interface Candidate {
  category: UserCategory;
  fatherName: string | null;
  primaryEmail: string | null;
  schoolName: string | null;
  district: string | null;
  area: string | null;
}

function categoryRules(c: Candidate, passwordMissing: boolean): void {
  const fields: Record<string, string> = {};
  if (c.category === 'student') {
    if (!c.fatherName) fields.fatherName = "Father's name is required for a student";
    if (!c.primaryEmail) fields.primaryEmail = "The teacher's email (primary user) is required for a student";
  }
  if (c.category === 'primary') {
    if (!c.schoolName) fields.schoolName = 'School name is required for a teacher';
    if (!c.district) fields.district = 'District is required for a teacher';
    if (!c.area) fields.area = 'Area is required for a teacher';
  }
  if (passwordMissing && c.category !== 'primary') fields.password = PASSWORD_MESSAGE;
  const first = Object.values(fields)[0];
  if (first) throw validationError(first, fields);
}

/** Admin user management: the list with filters, and create / edit / delete with the per-category rules. */
export class UserAdminService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly users: Pick<UserService, 'revokeTokens'>,
    /** Deleting an account gives its places back through the ledger. */
    private readonly ledger: Pick<RegistrationLedger, 'removeAllOf'>,
    private readonly config: Pick<Config, 'bcryptCost'>,
  ) {}

  private withRefs(qb: SelectQueryBuilder<UserEntity>) {
    return qb.leftJoinAndSelect('u.primaryUser', 'pu').leftJoinAndSelect('u.createdBy', 'cb');
  }

  /** Newest first; search covers name and email. One query for the page and one for the total. */
  async list(rawFilter: unknown = {}, rawPage: unknown = {}): Promise<UserListResult> {
    const filter = await validateInput(UserFilter, rawFilter ?? {});
    const page = await validateInput(UserPageArgs, rawPage ?? {});
    const qb = this.withRefs(this.dataSource.getRepository(UserEntity).createQueryBuilder('u'));
    this.applyFilter(qb, filter);
    // many-to-one joins never multiply rows: plain OFFSET/LIMIT, one statement for the page
    qb.orderBy('u.createdAt', 'DESC').addOrderBy('u.id', 'ASC').offset(page.offset).limit(page.limit);
    const [items, total] = await qb.getManyAndCount();
    return { items, total, offset: page.offset, limit: page.limit };
  }

  /** Every matching user (CSV export), without paging. */
  async all(rawFilter: unknown = {}, max = 50_000): Promise<UserEntity[]> {
    const filter = await validateInput(UserFilter, rawFilter ?? {});
    const qb = this.withRefs(this.dataSource.getRepository(UserEntity).createQueryBuilder('u'));
    this.applyFilter(qb, filter);
    return qb.orderBy('u.createdAt', 'DESC').addOrderBy('u.id', 'ASC').limit(max).getMany();
  }

  private applyFilter(qb: SelectQueryBuilder<UserEntity>, filter: UserFilter): void {
    if (filter.category) qb.andWhere('u.category = :category', { category: filter.category });
    if (filter.status) qb.andWhere('u.status = :status', { status: filter.status });
    if (filter.search) qb.andWhere('(u.name ILIKE :pattern OR u.email ILIKE :pattern)', { pattern: containsPattern(filter.search) });
  }

  async get(id: string, manager?: EntityManager): Promise<UserEntity> {
    if (!isUuid(id)) throw notFound(USER_NOT_FOUND);
    const user = await (manager ?? this.dataSource.manager)
      .getRepository(UserEntity)
      .findOne({ where: { id }, relations: { primaryUser: true, createdBy: true } });
    if (!user) throw notFound(USER_NOT_FOUND);
    return user;
  }

  private async teacherByEmail(m: EntityManager, email: string): Promise<UserEntity> {
    const teacher = await m.getRepository(UserEntity).findOne({ where: { email } });
    if (!teacher || teacher.category !== 'primary') {
      throw validationError('No teacher has this email', { primaryEmail: 'No teacher has this email' });
    }
    return teacher;
  }

  private assertMayTouchSuperadmin(actor: Viewer, category: UserCategory | undefined) {
    if (category === 'superadmin' && actor.category !== 'superadmin') throw forbidden('Only a superadmin can manage superadmin accounts');
  }

  async create(actor: Viewer, raw: unknown): Promise<UserEntity> {
    const input = await validateInput(UserInput, raw);
    this.assertMayTouchSuperadmin(actor, input.category);
    categoryRules({ ...nulls(input), category: input.category, primaryEmail: input.primaryEmail ?? null }, !input.password);
    const passwordHash = input.password ? await hashPassword(input.password, this.config.bcryptCost) : null;
    const id = await this.dataSource.transaction(async (m) => {
      const repo = m.getRepository(UserEntity);
      if (await repo.exists({ where: { email: input.email } })) throw conflict('A user with this email already exists');
      const teacher = input.category === 'student' ? await this.teacherByEmail(m, input.primaryEmail!) : null;
      const saved = await repo.save(
        repo.create({
          name: input.name,
          email: input.email,
          phone: input.phone,
          category: input.category,
          status: input.status ?? 'active',
          fatherName: input.fatherName ?? null,
          schoolName: input.schoolName ?? null,
          district: input.district ?? null,
          area: input.area ?? null,
          primaryUserId: teacher?.id ?? null,
          createdById: actor.id,
          passwordHash,
        }),
      );
      await this.audit.record(actor, { action: 'user.create', entityType: 'user', entityId: saved.id, before: null, after: saved }, m);
      return saved.id;
    });
    return this.get(id);
  }

  async update(actor: Viewer, id: string, raw: unknown): Promise<{ before: UserEntity; after: UserEntity }> {
    const input = await validateInput(UserUpdateInput, raw ?? {});
    await this.get(id);
    const passwordHash = input.password ? await hashPassword(input.password, this.config.bcryptCost) : undefined;
    const result = await this.dataSource.transaction(async (m) => {
      const repo = m.getRepository(UserEntity);
      const user = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!user) throw notFound(USER_NOT_FOUND);
      user.primaryUser = user.primaryUserId ? await repo.findOne({ where: { id: user.primaryUserId } }) : null;
      const before = { ...user, primaryUser: undefined, primaryEmail: user.primaryUser?.email ?? null };
      this.assertMayTouchSuperadmin(actor, user.category);
      this.assertMayTouchSuperadmin(actor, input.category);
      if (actor.id === id) {
        const demoted = input.category !== undefined && input.category !== user.category;
        const disabled = input.status !== undefined && input.status !== 'active' && input.status !== 'approved';
        if (demoted || disabled) throw forbidden('You cannot change your own category or disable your own account');
      }
      const category = input.category ?? user.category;
      const primaryEmail = input.primaryEmail ?? user.primaryUser?.email ?? null;
      const merged = {
        category,
        fatherName: input.fatherName ?? user.fatherName,
        schoolName: input.schoolName ?? user.schoolName,
        district: input.district ?? user.district,
        area: input.area ?? user.area,
        primaryEmail: category === 'student' ? primaryEmail : null,
      };
      // An existing account keeps its password unless a new one is given (accounts made by OTP may have none).
      categoryRules(merged, false);
      if (input.email && input.email !== user.email && (await repo.exists({ where: { email: input.email } }))) {
        throw conflict('A user with this email already exists');
      }
      const teacher = category === 'student' && merged.primaryEmail ? await this.teacherByEmail(m, merged.primaryEmail) : null;
      if (teacher && teacher.id === id) throw validationError('A student cannot be their own teacher', { primaryEmail: 'A student cannot be their own teacher' });
      const revoke = (input.category !== undefined && input.category !== user.category) || (input.status !== undefined && input.status !== user.status) || !!passwordHash;
      const changes: Partial<UserEntity> = {
        name: input.name ?? user.name,
        email: input.email ?? user.email,
        phone: input.phone ?? user.phone,
        category,
        status: input.status ?? user.status,
        fatherName: merged.fatherName,
        schoolName: merged.schoolName,
        district: merged.district,
        area: merged.area,
        primaryUserId: category === 'student' ? teacher?.id ?? user.primaryUserId : input.category !== undefined ? null : user.primaryUserId,
      };
      if (passwordHash) changes.passwordHash = passwordHash;
      await repo.update({ id }, changes);
      // Changing who someone is (or their password) ends every session they have.
      if (revoke) await this.users.revokeTokens(id, m);
      const after = await this.get(id, m);
      await this.audit.record(
        actor,
        { action: 'user.update', entityType: 'user', entityId: id, before, after: { ...after, primaryUser: undefined, createdBy: undefined, primaryEmail: after.primaryUser?.email ?? null } },
        m,
      );
      return { before: user, after };
    });
    return result;
  }

  async delete(actor: Viewer, id: string): Promise<UserEntity> {
    if (actor.id === id) throw forbidden('You cannot delete your own account');
    await this.get(id);
    return this.dataSource.transaction(async (m) => {
      // Deletions run one at a time (they are rare): two cannot race past the last-admin check, nor
      // deadlock on each other's linked rows (a teacher and the admin who created them, say).
      await m.query(`SELECT pg_advisory_xact_lock($1)`, [USER_DELETION_LOCK]);
      // Locked first (a concurrent deletion of the same user waits here, then finds nothing).
      const user = await m.getRepository(UserEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!user) throw notFound(USER_NOT_FOUND);
      this.assertMayTouchSuperadmin(actor, user.category);
      if (ADMIN_CATEGORIES.includes(user.category)) {
        const [{ n }] = await m.query(`SELECT count(*)::int AS n FROM users WHERE category IN ('admin','superadmin') AND id <> $1`, [id]);
        if (Number(n) === 0) throw forbidden('The last admin account cannot be deleted');
      }
      // What ON DELETE SET NULL would do, done now: every user row before any event row (the ledger's
      // lock order). Left to the cascade, a teacher's deletion would lock a student's row after the
      // events, while that student's own deletion holds the row and waits for one of those events.
      await m.query(`UPDATE users SET primary_user_id = NULL WHERE primary_user_id = $1`, [id]);
      await m.query(`UPDATE users SET created_by_id = NULL WHERE created_by_id = $1`, [id]);
      // Their registrations go next, through the ledger, so every event's count stays equal to its rows.
      await this.ledger.removeAllOf(m, id);
      await m.getRepository(UserEntity).delete({ id });
      await this.audit.record(actor, { action: 'user.delete', entityType: 'user', entityId: id, before: user, after: null }, m);
      return user;
    });
  }
}

/** pg_advisory_xact_lock key that serializes user deletions. */
const USER_DELETION_LOCK = 7_301_001;

function nulls(input: UserInput): Omit<Candidate, 'category' | 'primaryEmail'> {
  return { fatherName: input.fatherName ?? null, schoolName: input.schoolName ?? null, district: input.district ?? null, area: input.area ?? null };
}
