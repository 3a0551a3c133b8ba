import bcrypt from 'bcrypt';
import { indiaInstant } from '../common/clock';
import { topics, touched } from '../db/change-feed';
import { EventEntity, type EventCategoryValue } from '../events/event.entity';
import { UserEntity, type UserCategory, type UserStatus } from '../users/user.entity';
import type { TestContext } from './harness';

/** Named seed scenarios for tests. Dates are relative to the test clock's India date. */
export function shiftDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export async function makeEvent(ctx: TestContext, fields: Partial<EventEntity> & { daysFromToday?: number } = {}): Promise<EventEntity> {
  const repo = ctx.db.dataSource.getRepository(EventEntity);
  const date = fields.date ?? shiftDays(ctx.services.events.today(), fields.daysFromToday ?? 7);
  const time = fields.time ?? '10:00';
  const { daysFromToday: _ignored, ...rest } = fields;
  const saved = await repo.save(
    repo.create({
      title: 'Test event',
      description: 'A test event description',
      category: 'general' as EventCategoryValue,
      location: 'Prayagraj',
      ...rest,
      date,
      time,
      startsAt: indiaInstant(date, time),
    }),
  );
  // Written behind the service's back: say so, as a service would, so no cached answer hides the new row.
  touched(ctx.db.dataSource.manager, topics.events, topics.event(saved.id));
  return saved;
}

let userCounter = 0;
export async function makeUser(
  ctx: TestContext,
  fields: Partial<UserEntity> & { category?: UserCategory; status?: UserStatus; password?: string } = {},
): Promise<UserEntity> {
  const repo = ctx.db.dataSource.getRepository(UserEntity);
  const n = ++userCounter;
  const { password, ...rest } = fields;
  const saved = await repo.save(
    repo.create({
      name: `User ${n}`,
      email: `user${n}-${Date.now().toString(36)}@test.local`,
      phone: '9876543210',
      category: 'graduate',
      status: 'active',
      ...rest,
      passwordHash: password ? await bcrypt.hash(password, 4) : null,
    }),
  );
  return saved;
}

export const userToken = (ctx: TestContext, user: UserEntity) => ctx.services.tokens.sign(user.id, user.tokenVersion, 'user');
export const adminToken = (ctx: TestContext, user: UserEntity) => ctx.services.tokens.sign(user.id, user.tokenVersion, 'admin');

/** The standard cast: an admin, an approved and a pending teacher, a student of the first, a graduate user. */
export async function standardScenario(ctx: TestContext) {
  const admin = await makeUser(ctx, { name: 'Admin', category: 'admin', status: 'active', password: 'Admin-Password-1' });
  const teacher = await makeUser(ctx, { name: 'Teacher Approved', category: 'primary', status: 'approved', password: 'teacher-pass', schoolName: 'GIC', district: 'Prayagraj', area: 'Civil Lines' });
  const pendingTeacher = await makeUser(ctx, { name: 'Teacher Pending', category: 'primary', status: 'pending', password: 'teacher-pass', schoolName: 'GIC', district: 'Prayagraj', area: 'Jhunsi' });
  const student = await makeUser(ctx, { name: 'Student One', category: 'student', status: 'pending', primaryUserId: teacher.id, fatherName: 'Father One', schoolName: 'GIC', district: 'Prayagraj', area: 'Civil Lines' });
  const member = await makeUser(ctx, { name: 'Graduate Member', category: 'graduate', status: 'active' });
  return {
    admin, teacher, pendingTeacher, student, member,
    tokens: {
      admin: adminToken(ctx, admin),
      adminAsUser: userToken(ctx, admin),
      teacher: userToken(ctx, teacher),
      pendingTeacher: userToken(ctx, pendingTeacher),
      student: userToken(ctx, student),
      member: userToken(ctx, member),
    },
  };
}
