/**
 * Every write the API offers (each GraphQL mutation, each REST route that is not GET), run for real
 * between two rounds of public reads made through the public cache (http/public-cache.ts): what the
 * cache replays right after the write must be what the database says. A write whose service forgets
 * to name what it changed (touched() in db/change-feed.ts) leaves a stale answer and fails here, named.
 *
 * Each operation has a recipe below; a new mutation or route without one fails the first test, so
 * whoever adds a write has to say whether it changes public data and show that it is seen at once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { GraphQLSchema } from 'graphql';
import type { Viewer } from '../common/access';
import { indiaInstant } from '../common/clock';
import { createSchema } from '../graphql/schema';
import { createTestContext, type TestContext } from '../test/harness';
import { realPng } from '../test/images';
import { graphqlOperations, mutatingRestRoutes, restRouteName } from '../test/operations';
import { makeEvent, makeUser, shiftDays, standardScenario, userToken } from '../test/scenarios';
import { UserEntity } from '../users/user.entity';

let ctx: TestContext;
let schema: GraphQLSchema;
let s: Awaited<ReturnType<typeof standardScenario>>;
let png: Buffer;

beforeAll(async () => {
  ctx = await createTestContext({ env: { SQL_STATEMENT_HEADER: '1' } });
  schema = await createSchema();
  s = await standardScenario(ctx);
  png = await realPng(64, 64);
  // Something in every public read before the first recipe runs: events past and coming, a team.
  await makeEvent(ctx, { title: 'Past lecture', daysFromToday: -5 });
  await makeEvent(ctx, { title: 'Open day', daysFromToday: 3, maxParticipants: 30 });
  await ctx.services.team.create(null, { name: 'Founding member', designation: 'Founder', description: 'Started the mission' }, png);
});
afterAll(async () => {
  await ctx.services.mail.idle();
  await ctx.close();
});

// ---------- calling the API ----------

/** What a write answered: enough to tell success, a refusal and a server failure apart. */
interface Outcome {
  ok: boolean;
  serverError: boolean;
  summary: string;
}

let ipCounter = 0;
/** Each call from its own address, so per-network sign-in limits never decide an outcome here. */
const nextIp = () => `10.66.${(++ipCounter >> 8) & 255}.${ipCounter & 255}`;

async function mutation(query: string, variables: Record<string, unknown>, token?: string): Promise<Outcome> {
  let req = ctx.http.post('/graphql').set('content-type', 'application/json').set('x-forwarded-for', nextIp());
  if (token) req = req.set('authorization', `Bearer ${token}`);
  const res = await req.send(JSON.stringify({ query, variables }));
  const errors: { extensions?: { code?: string } }[] = res.body?.errors ?? [];
  return {
    ok: res.status === 200 && !errors.length && res.body?.data != null,
    serverError: res.status >= 500 || errors.some((e) => ['INTERNAL', 'INTERNAL_SERVER_ERROR', 'DATABASE_UNAVAILABLE'].includes(e.extensions?.code ?? '')),
    summary: `HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`,
  };
}

interface RestCall {
  token?: string;
  json?: object;
  /** Multipart text fields. */
  fields?: Record<string, string>;
  /** Multipart file: [field, bytes]. */
  file?: [string, Buffer];
}

async function rest(method: 'post' | 'put' | 'patch' | 'delete', url: string, call: RestCall = {}): Promise<Outcome> {
  let req = ctx.http[method](url).set('x-forwarded-for', nextIp());
  if (call.token) req = req.set('authorization', `Bearer ${call.token}`);
  for (const [k, v] of Object.entries(call.fields ?? {})) req = req.field(k, v);
  if (call.file) req = req.attach(call.file[0], call.file[1], 'photo.png');
  const res = call.json ? await req.send(call.json) : await req;
  return {
    ok: res.status >= 200 && res.status < 300,
    serverError: res.status >= 500,
    summary: `HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`,
  };
}

// ---------- making what a recipe acts on ----------

/** What a recipe acts on; `events` are the events whose detail reads (REST and GraphQL) are watched. */
interface Subject {
  events: string[];
  [key: string]: any;
}

let serial = 0;
const email = (tag: string) => `${tag}-${++serial}@cache.test`;
const day = (days: number) => shiftDays(ctx.services.events.today(), days);
const viewerOf = (u: UserEntity): Viewer => ({ id: u.id, email: u.email, name: u.name, category: u.category, status: u.status, tokenKind: 'user' });

const anEvent = async (fields: Parameters<typeof makeEvent>[1] = {}) => (await makeEvent(ctx, { title: `Watched event ${++serial}`, daysFromToday: 4 + (serial % 6), ...fields })).id;
const aUser = (fields: Parameters<typeof makeUser>[1] = {}) => makeUser(ctx, { category: 'graduate', status: 'active', email: email('user'), ...fields });

/** A user registered (through the service, as the site would) for a new event. */
async function registeredUser(fields: Parameters<typeof makeUser>[1] = {}): Promise<{ user: UserEntity; eventId: string }> {
  const user = await aUser(fields);
  const eventId = await anEvent({ maxParticipants: 10 });
  await ctx.services.registrations.register(viewerOf(user), eventId);
  return { user, eventId };
}

/** A full event (its one place taken) and someone new, who could join its waiting list. */
async function fullEventAndNewcomer(): Promise<Subject> {
  const eventId = await anEvent({ maxParticipants: 1 });
  const holder = await aUser();
  await ctx.services.registrations.register(viewerOf(holder), eventId);
  const user = await aUser();
  return { events: [eventId], holder, user, userId: user.id, token: userToken(ctx, user) };
}

/** Someone on a full event's waiting list. */
async function waitingAccount(): Promise<Subject> {
  const subject = await fullEventAndNewcomer();
  await ctx.services.waitlist.join(viewerOf(subject.user), subject.events[0]);
  return subject;
}

/** Someone holding the place offered to them when the holder gave it up. */
async function offeredAccount(): Promise<Subject> {
  const subject = await waitingAccount();
  await ctx.services.registrations.unregister(viewerOf(subject.holder), subject.events[0]);
  await ctx.services.waitlist.offerFreePlaces(subject.events[0]);
  return subject;
}

const aTeamMember = async () =>
  (await ctx.services.team.create(null, { name: `Member ${++serial}`, designation: 'Volunteer', description: 'Teaches on Sundays' }, png)).id;

async function uploadedImageKey(): Promise<string> {
  const res = await ctx.http.post('/api/uploads').set('authorization', `Bearer ${s.tokens.admin}`).attach('image', png, 'photo.png');
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.imageKey;
}

/** The one-time code last mailed to an address (without SMTP the mail service writes an outbox). */
function mailedCode(address: string): string {
  const dir = path.join(ctx.config.dataDir, 'outbox');
  const codes = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { to: string; code: string | null })
    .filter((m) => m.to === address && m.code);
  if (!codes.length) throw new Error(`no code was mailed to ${address}`);
  return codes[codes.length - 1].code!;
}

/** A new account waiting for its registration code (dialog, step 1). */
async function pendingRegistration(): Promise<Subject> {
  const address = email('dialog');
  const { userId } = await ctx.services.auth.register({ name: 'Asha Verma', email: address, phone: '9876543210', category: 'graduate' }, nextIp());
  return { events: [], userId, otp: mailedCode(address) };
}

/** An existing account that asked for a sign-in code. */
async function pendingLogin(): Promise<Subject> {
  const user = await aUser();
  await ctx.services.auth.requestLoginCode({ email: user.email }, nextIp());
  return { events: [], userId: user.id, otp: mailedCode(user.email) };
}

/** A student of the approved teacher, registered for a watched event. */
async function registeredStudent(): Promise<Subject> {
  const { user, eventId } = await registeredUser({ category: 'student', status: 'pending', primaryUserId: s.teacher.id, fatherName: 'Father', schoolName: 'GIC', district: 'Prayagraj', area: 'Civil Lines' });
  return { events: [eventId], userId: user.id };
}

/** A message to a watched event's people, scheduled a week ahead (so it can still be cancelled). */
async function aScheduledMessage(): Promise<Subject> {
  const { eventId } = await registeredUser();
  const made = await ctx.services.messages.create(viewerOf(s.admin), { subject: 'Later', text: 'A message for later.', eventIds: [eventId], segment: 'registered', sendAt: new Date(ctx.clock.now().getTime() + 7 * 86_400_000).toISOString() });
  return { events: [eventId], messageId: made.id };
}

async function registeredAccount(): Promise<Subject> {
  const { user, eventId } = await registeredUser();
  return { events: [eventId], userId: user.id, token: userToken(ctx, user) };
}

/**
 * Someone registered for an event that takes place today (registered while it was ahead, then moved to
 * today behind the service's back, as the day coming would), checked in already when asked.
 */
function checkedInAccount(checkedIn: boolean): () => Promise<Subject> {
  return async () => {
    const { user, eventId } = await registeredUser();
    await ctx.db.dataSource.query(`UPDATE events SET date = $2, time = '00:01', starts_at = $3 WHERE id = $1`, [eventId, day(0), indiaInstant(day(0), '00:01')]);
    ctx.publicCache.invalidate('all');
    const [{ code }] = await ctx.db.dataSource.query(`SELECT checkin_code AS code FROM registrations WHERE event_id = $1 AND user_id = $2`, [eventId, user.id]);
    if (checkedIn) await ctx.services.checkIns.checkIn(viewerOf(s.admin), eventId, { userId: user.id });
    return { events: [eventId], userId: user.id, code };
  };
}

/**
 * Someone who attended an event that is over (registered while it was ahead, then moved to yesterday
 * behind the service's back and checked in with SQL), with a certificate issued already when asked.
 */
function attendedAccount(issued: boolean): () => Promise<Subject> {
  return async () => {
    const { user, eventId } = await registeredUser();
    await ctx.db.dataSource.query(`UPDATE events SET date = $2, time = '10:00', starts_at = $3 WHERE id = $1`, [eventId, day(-1), indiaInstant(day(-1), '10:00')]);
    await ctx.db.dataSource.query(`UPDATE registrations SET checked_in_at = $3 WHERE event_id = $1 AND user_id = $2`, [eventId, user.id, indiaInstant(day(-1), '10:05')]);
    ctx.publicCache.invalidate('all');
    if (issued) await ctx.services.certificates.issue(viewerOf(s.admin), eventId, { userId: user.id });
    const [{ code } = { code: null }] = await ctx.db.dataSource.query(`SELECT code FROM certificates WHERE event_id = $1 AND user_id = $2`, [eventId, user.id]);
    return { events: [eventId], userId: user.id, code };
  };
}

const eventInput = (title: string) => ({ title, description: 'Made by the cache invalidation test', date: day(6), time: '11:00', location: 'Naini' });
const studentInput = () => ({ name: 'Ravi Student', fatherName: 'Mohan', email: email('student'), phone: '9123456789', schoolName: 'GIC', district: 'Prayagraj', area: 'Jhunsi' });
const teacherInput = () => ({ name: 'New Teacher', email: email('teacher'), phone: '9123456789', schoolName: 'GIC', district: 'Prayagraj', area: 'Naini', password: 'teacher-pass' });
const contactInput = () => ({ name: 'Visitor', email: email('contact'), phone: '9123456789', subject: 'Volunteering', message: 'How can I help?' });
const aContact = async (): Promise<Subject> => ({ events: [], id: (await ctx.services.contacts.submit(contactInput())).id });

async function anApiKey(): Promise<Subject> {
  const made = await ctx.services.apiKeys.create({ id: s.admin.id, email: s.admin.email, name: s.admin.name, category: s.admin.category, status: s.admin.status, tokenKind: 'admin' }, { name: 'to revoke', scopes: ['events:read'] });
  return { id: made.id, events: [] };
}

async function aWebhookEndpoint(): Promise<Subject> {
  // A public address written directly (registering one through the API resolves nothing here: it is an IP literal).
  const [row] = await ctx.db.dataSource.query(`INSERT INTO webhook_endpoints (url, event_types, secret) VALUES ('https://93.184.216.34/hook', '{event.created}', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw') RETURNING id`);
  return { id: row.id, events: [] };
}

async function aQuestionSet(): Promise<Subject> {
  const set = await ctx.services.questions.saveSet(null, { name: `to delete ${Math.random().toString(36).slice(2, 8)}`, questions: [{ type: 'text', label: 'School' }] });
  return { id: set.id, events: [] };
}
/** The token of the feedback link mailed to an attendee (open until 7 days after the end). */
const feedbackToken = (eventId: string, userId: string) =>
  decodeURIComponent(/\/feedback\/([^?]+)/.exec(ctx.services.feedback.formUrl(eventId, userId, new Date(Date.now() + 30 * 86_400_000), 'en'))![1]);
const tokenOfUser = async (userId: string) => userToken(ctx, await ctx.db.dataSource.getRepository(UserEntity).findOneByOrFail({ id: userId }));

// ---------- the recipes ----------

interface Recipe {
  /** Whether the operation changes what a signed-out visitor reads (then its fresh reads must differ from the warm ones). */
  changesPublic: boolean;
  /** Whether the call must succeed; always so when it changes public data. */
  succeeds?: boolean;
  prepare?: () => Promise<Subject>;
  run: (subject: Subject) => Promise<Outcome>;
}

const admin = () => s.tokens.admin;

/** One recipe per mutating operation: GraphQL mutations by name, REST routes as `METHOD /api/path`. */
const RECIPES: Record<string, Recipe> = {
  // ----- events (public) -----
  createEvent: {
    changesPublic: true,
    run: () => mutation(`mutation($input: EventInput!) { createEvent(input: $input) { id } }`, { input: { ...eventInput('Created over GraphQL'), category: 'GENERAL' } }, admin()),
  },
  'POST /api/events': {
    changesPublic: true,
    run: () => rest('post', '/api/events', { token: admin(), fields: { ...eventInput('Created over REST'), category: 'secondary', maxParticipants: '25' }, file: ['image', png] }),
  },
  updateEvent: {
    changesPublic: true,
    prepare: async () => ({ events: [await anEvent()] }),
    run: ({ events: [id] }) => mutation(`mutation($id: ID!) { updateEvent(id: $id, input: { title: "Renamed over GraphQL", maxParticipants: 12 }) { id } }`, { id }, admin()),
  },
  'PUT /api/events/:id': {
    changesPublic: true,
    prepare: async () => ({ events: [await anEvent()] }),
    run: ({ events: [id] }) => rest('put', `/api/events/${id}`, { token: admin(), fields: { title: 'Renamed over REST', location: 'Civil Lines' }, file: ['imageUrl', png] }),
  },
  deleteEvent: {
    changesPublic: true,
    prepare: async () => ({ events: [await anEvent()] }),
    run: ({ events: [id] }) => mutation(`mutation($id: ID!) { deleteEvent(id: $id) { success } }`, { id }, admin()),
  },
  'DELETE /api/events/:id': {
    changesPublic: true,
    prepare: async () => ({ events: [await anEvent()] }),
    run: ({ events: [id] }) => rest('delete', `/api/events/${id}`, { token: admin() }),
  },

  // ----- series (public: the new dates, the repeated event's seriesId) -----
  repeatEvent: {
    changesPublic: true,
    prepare: async () => ({ events: [await anEvent()] }),
    run: ({ events: [id] }) => mutation(`mutation($id: ID!) { repeatEvent(id: $id, input: { frequency: WEEKLY, count: 3 }) { events { id } } }`, { id }, admin()),
  },
  'POST /api/events/:id/repeat': {
    changesPublic: true,
    prepare: async () => ({ events: [await anEvent()] }),
    run: ({ events: [id] }) => rest('post', `/api/events/${id}/repeat`, { token: admin(), json: { frequency: 'monthly', count: 2 } }),
  },

  // ----- cancellation (public: cancelled, cancelledAt) and reminders (nothing public) -----
  cancelEvent: {
    changesPublic: true,
    prepare: registeredAccount,
    run: ({ events: [id] }) => mutation(`mutation($id: ID!) { cancelEvent(id: $id) { id cancelled } }`, { id }, admin()),
  },
  'POST /api/events/:id/cancel': {
    changesPublic: true,
    prepare: registeredAccount,
    run: ({ events: [id] }) => rest('post', `/api/events/${id}/cancel`, { token: admin() }),
  },
  sendEventReminderNow: {
    changesPublic: false,
    succeeds: true,
    prepare: registeredAccount,
    run: ({ events: [id] }) => mutation(`mutation($id: ID!) { sendEventReminderNow(eventId: $id) { queued } }`, { id }, admin()),
  },
  'POST /api/events/:id/remind': {
    changesPublic: false,
    succeeds: true,
    prepare: registeredAccount,
    run: ({ events: [id] }) => rest('post', `/api/events/${id}/remind`, { token: admin() }),
  },
  stopReminders: {
    changesPublic: false,
    succeeds: true,
    prepare: async () => {
      const subject = await registeredAccount();
      return { ...subject, stopToken: ctx.services.users.stopTokens.sign(subject.userId) };
    },
    run: ({ stopToken }) => mutation(`mutation($t: String!) { stopReminders(token: $t) { message } }`, { t: stopToken }),
  },
  'POST /api/reminders/stop': {
    changesPublic: false,
    succeeds: true,
    prepare: async () => {
      const subject = await registeredAccount();
      return { ...subject, stopToken: ctx.services.users.stopTokens.sign(subject.userId) };
    },
    run: ({ stopToken }) => rest('post', `/api/reminders/stop?token=${encodeURIComponent(stopToken)}`),
  },
  setReminderPreference: {
    changesPublic: false,
    succeeds: true,
    prepare: registeredAccount,
    run: ({ token }) => mutation(`mutation { setReminderPreference(enabled: false) { remindersEnabled } }`, {}, token),
  },
  setLanguage: {
    changesPublic: false,
    succeeds: true,
    prepare: registeredAccount,
    run: ({ token }) => mutation(`mutation { setLanguage(language: "hi") { message } }`, {}, token),
  },

  // ----- registrations (public: registeredCount, isFull) -----
  registerForEvent: {
    changesPublic: true,
    prepare: async () => ({ events: [await anEvent({ maxParticipants: 1 })], token: userToken(ctx, await aUser()) }),
    run: ({ events: [id], token }) => mutation(`mutation($id: ID!) { registerForEvent(eventId: $id) { message } }`, { id }, token),
  },
  'POST /api/events/:id/register': {
    changesPublic: true,
    prepare: async () => ({ events: [await anEvent({ maxParticipants: 1 })], token: userToken(ctx, await aUser()) }),
    run: ({ events: [id], token }) => rest('post', `/api/events/${id}/register`, { token }),
  },
  unregisterFromEvent: {
    changesPublic: true,
    prepare: registeredAccount,
    run: ({ events: [id], token }) => mutation(`mutation($id: ID!) { unregisterFromEvent(eventId: $id) { message } }`, { id }, token),
  },
  'POST /api/events/:id/unregister': {
    changesPublic: true,
    prepare: registeredAccount,
    run: ({ events: [id], token }) => rest('post', `/api/events/${id}/unregister`, { token }),
  },
  removeEventRegistration: {
    changesPublic: true,
    prepare: registeredAccount,
    run: ({ events: [eventId], userId }) => mutation(`mutation($e: ID!, $u: ID!) { removeEventRegistration(eventId: $e, userId: $u) { message } }`, { e: eventId, u: userId }, admin()),
  },
  'DELETE /api/events/:id/registrations/:userId': {
    changesPublic: true,
    prepare: registeredAccount,
    run: ({ events: [eventId], userId }) => rest('delete', `/api/events/${eventId}/registrations/${userId}`, { token: admin() }),
  },
  // Deleting a registered user gives their places back: the events' counts go down.
  deleteUser: {
    changesPublic: true,
    prepare: registeredAccount,
    run: ({ userId }) => mutation(`mutation($id: ID!) { deleteUser(id: $id) { success } }`, { id: userId }, admin()),
  },
  'DELETE /api/users/:id': {
    changesPublic: true,
    prepare: registeredAccount,
    run: ({ userId }) => rest('delete', `/api/users/${userId}`, { token: admin() }),
  },

  // ----- waiting list (public: waitlistCount; held places make isFull, an accepted one registeredCount) -----
  joinWaitlist: {
    changesPublic: true,
    prepare: fullEventAndNewcomer,
    run: ({ events: [id], token }) => mutation(`mutation($id: ID!) { joinWaitlist(eventId: $id) { message position } }`, { id }, token),
  },
  'POST /api/events/:id/waitlist': {
    changesPublic: true,
    prepare: fullEventAndNewcomer,
    run: ({ events: [id], token }) => rest('post', `/api/events/${id}/waitlist`, { token }),
  },
  leaveWaitlist: {
    changesPublic: true,
    prepare: waitingAccount,
    run: ({ events: [id], token }) => mutation(`mutation($id: ID!) { leaveWaitlist(eventId: $id) { message } }`, { id }, token),
  },
  'DELETE /api/events/:id/waitlist': {
    changesPublic: true,
    prepare: waitingAccount,
    run: ({ events: [id], token }) => rest('delete', `/api/events/${id}/waitlist`, { token }),
  },
  acceptWaitlistOffer: {
    changesPublic: true,
    prepare: offeredAccount,
    run: ({ events: [id], token }) => mutation(`mutation($id: ID!) { acceptWaitlistOffer(eventId: $id) { message } }`, { id }, token),
  },
  'POST /api/events/:id/waitlist/accept': {
    changesPublic: true,
    prepare: offeredAccount,
    run: ({ events: [id], token }) => rest('post', `/api/events/${id}/waitlist/accept`, { token }),
  },
  // The held place is free again (isFull), until the offer job gives it to the next person.
  declineWaitlistOffer: {
    changesPublic: true,
    prepare: offeredAccount,
    run: ({ events: [id], token }) => mutation(`mutation($id: ID!) { declineWaitlistOffer(eventId: $id) { message } }`, { id }, token),
  },

  // ----- check-in at the door (admin; attendance is not public) -----
  checkIn: {
    changesPublic: false,
    succeeds: true,
    prepare: checkedInAccount(false),
    run: ({ events: [id], userId }) => mutation(`mutation($e: ID!, $u: ID!) { checkIn(eventId: $e, userId: $u) { success } }`, { e: id, u: userId }, admin()),
  },
  'POST /api/events/:id/check-in': {
    changesPublic: false,
    succeeds: true,
    prepare: checkedInAccount(false),
    run: ({ events: [id], code }) => rest('post', `/api/events/${id}/check-in`, { token: admin(), json: { code } }),
  },
  undoCheckIn: {
    changesPublic: false,
    succeeds: true,
    prepare: checkedInAccount(true),
    run: ({ events: [id], userId }) => mutation(`mutation($e: ID!, $u: ID!) { undoCheckIn(eventId: $e, userId: $u) { success } }`, { e: id, u: userId }, admin()),
  },
  'DELETE /api/events/:id/check-in/:userId': {
    changesPublic: false,
    succeeds: true,
    prepare: checkedInAccount(true),
    run: ({ events: [id], userId }) => rest('delete', `/api/events/${id}/check-in/${userId}`, { token: admin() }),
  },

  // ----- certificates (admin; nothing public: verification is not cached) -----
  issueCertificates: {
    changesPublic: false,
    succeeds: true,
    prepare: attendedAccount(false),
    run: ({ events: [id] }) => mutation(`mutation($e: ID!) { issueCertificates(eventId: $e) { issued } }`, { e: id }, admin()),
  },
  'POST /api/events/:id/certificates': {
    changesPublic: false,
    succeeds: true,
    prepare: attendedAccount(false),
    run: ({ events: [id], userId }) => rest('post', `/api/events/${id}/certificates`, { token: admin(), json: { userId } }),
  },
  revokeCertificate: {
    changesPublic: false,
    succeeds: true,
    prepare: attendedAccount(true),
    run: ({ code }) => mutation(`mutation($c: String!) { revokeCertificate(code: $c, reason: "Issued by mistake") { message } }`, { c: code }, admin()),
  },
  'POST /api/certificates/:code/revoke': {
    changesPublic: false,
    succeeds: true,
    prepare: attendedAccount(true),
    run: ({ code }) => rest('post', `/api/certificates/${code}/revoke`, { token: admin(), json: { reason: 'Issued by mistake' } }),
  },

  // ----- team (public) -----
  createTeamMember: {
    changesPublic: true,
    prepare: async () => ({ events: [], imageKey: await uploadedImageKey() }),
    run: ({ imageKey }) =>
      mutation(`mutation($input: TeamMemberInput!) { createTeamMember(input: $input) { id } }`, { input: { name: 'Created over GraphQL', designation: 'Mentor', description: 'Helps with maths', imageKey } }, admin()),
  },
  'POST /api/team': {
    changesPublic: true,
    run: () =>
      rest('post', '/api/team', { token: admin(), fields: { name: 'Created over REST', designation: 'Mentor', description: 'Helps with science', socialLinks: '{"github":"https://github.com/x"}' }, file: ['image', png] }),
  },
  updateTeamMember: {
    changesPublic: true,
    prepare: async () => ({ events: [], id: await aTeamMember() }),
    run: ({ id }) => mutation(`mutation($id: ID!) { updateTeamMember(id: $id, input: { name: "Renamed over GraphQL", designation: "Lead" }) { id } }`, { id }, admin()),
  },
  'PUT /api/team/:id': {
    changesPublic: true,
    prepare: async () => ({ events: [], id: await aTeamMember() }),
    run: ({ id }) => rest('put', `/api/team/${id}`, { token: admin(), fields: { designation: 'Coordinator' }, file: ['image', png] }),
  },
  deleteTeamMember: {
    changesPublic: true,
    prepare: async () => ({ events: [], id: await aTeamMember() }),
    run: ({ id }) => mutation(`mutation($id: ID!) { deleteTeamMember(id: $id) { success } }`, { id }, admin()),
  },
  'DELETE /api/team/:id': {
    changesPublic: true,
    prepare: async () => ({ events: [], id: await aTeamMember() }),
    run: ({ id }) => rest('delete', `/api/team/${id}`, { token: admin() }),
  },

  // ----- accounts: none of these shows on a public page (registered users are watched where a change could reach their events) -----
  register: {
    changesPublic: false,
    succeeds: true,
    run: () => mutation(`mutation($input: RegisterInput!) { register(input: $input) { userId } }`, { input: { name: 'Asha', email: email('dialog'), phone: '9876543210', category: 'graduate' } }),
  },
  'POST /api/auth/register': {
    changesPublic: false,
    succeeds: true,
    run: () => rest('post', '/api/auth/register', { json: { name: 'Asha', email: email('dialog'), phone: '9876543210', category: 'secondary' } }),
  },
  verifyRegistration: {
    changesPublic: false,
    succeeds: true,
    prepare: pendingRegistration,
    run: ({ userId, otp }) => mutation(`mutation($input: VerifyCodeInput!) { verifyRegistration(input: $input) { token } }`, { input: { userId, otp } }),
  },
  'POST /api/auth/verify-otp': {
    changesPublic: false,
    succeeds: true,
    prepare: pendingRegistration,
    run: ({ userId, otp }) => rest('post', '/api/auth/verify-otp', { json: { userId, otp } }),
  },
  sendSignupCode: {
    changesPublic: false,
    succeeds: true,
    run: () => mutation(`mutation($input: SignupCodeInput!) { sendSignupCode(input: $input) { message } }`, { input: { email: email('signup'), phone: '9876543210' } }),
  },
  'POST /api/auth/send-otp': {
    changesPublic: false,
    succeeds: true,
    run: () => rest('post', '/api/auth/send-otp', { json: { email: email('signup'), phone: '9876543210' } }),
  },
  signUp: {
    changesPublic: false,
    succeeds: true,
    prepare: async () => {
      const address = email('signup');
      await ctx.services.auth.sendSignupCode({ email: address, phone: '9876543210' }, nextIp());
      return { events: [], email: address, otp: mailedCode(address) };
    },
    run: ({ email: address, otp }) =>
      mutation(`mutation($input: SignUpInput!) { signUp(input: $input) { token } }`, {
        input: { name: 'Page Signup', email: address, phone: '9876543210', password: 'secret-1', confirmPassword: 'secret-1', userType: 'graduate', otp },
      }),
  },
  requestLoginCode: {
    changesPublic: false,
    succeeds: true,
    prepare: async () => ({ events: [], email: (await aUser()).email }),
    run: ({ email: address }) => mutation(`mutation($e: String!) { requestLoginCode(email: $e) { userId } }`, { e: address }),
  },
  'POST /api/auth/login': {
    changesPublic: false,
    succeeds: true,
    prepare: async () => ({ events: [], email: (await aUser()).email }),
    run: ({ email: address }) => rest('post', '/api/auth/login', { json: { email: address } }),
  },
  verifyLoginCode: {
    changesPublic: false,
    succeeds: true,
    prepare: pendingLogin,
    run: ({ userId, otp }) => mutation(`mutation($input: VerifyCodeInput!) { verifyLoginCode(input: $input) { token } }`, { input: { userId, otp } }),
  },
  'POST /api/auth/verify-login-otp': {
    changesPublic: false,
    succeeds: true,
    prepare: pendingLogin,
    run: ({ userId, otp }) => rest('post', '/api/auth/verify-login-otp', { json: { userId, otp } }),
  },
  loginWithPassword: {
    changesPublic: false,
    succeeds: true,
    run: () => mutation(`mutation($input: PasswordLoginInput!) { loginWithPassword(input: $input) { token } }`, { input: { email: s.teacher.email, password: 'teacher-pass' } }),
  },
  'POST /api/auth/loginWithPassword': {
    changesPublic: false,
    succeeds: true,
    run: () => rest('post', '/api/auth/loginWithPassword', { json: { email: s.teacher.email, password: 'teacher-pass' } }),
  },
  registerTeacher: {
    changesPublic: false,
    succeeds: true,
    run: () => mutation(`mutation($input: TeacherRegistrationInput!) { registerTeacher(input: $input) { message } }`, { input: teacherInput() }),
  },
  'POST /api/auth/registerWithoutOtp': {
    changesPublic: false,
    succeeds: true,
    run: () => rest('post', '/api/auth/registerWithoutOtp', { json: teacherInput() }),
  },
  updateProfile: {
    changesPublic: false,
    succeeds: true,
    prepare: registeredAccount,
    run: ({ token }) => mutation(`mutation { updateProfile(input: { name: "Renamed Member", phone: "9000000001" }) { id } }`, {}, token),
  },
  'PUT /api/auth/update-profile': {
    changesPublic: false,
    succeeds: true,
    prepare: registeredAccount,
    run: ({ token }) => rest('put', '/api/auth/update-profile', { token, json: { name: 'Renamed Member', phone: '9000000002' } }),
  },

  // ----- admin sign-in and accounts -----
  adminLogin: {
    changesPublic: false,
    succeeds: true,
    run: () => mutation(`mutation($input: AdminLoginInput!) { adminLogin(input: $input) { token } }`, { input: { email: s.admin.email, password: 'Admin-Password-1' } }),
  },
  'POST /api/admin/login': {
    changesPublic: false,
    succeeds: true,
    run: () => rest('post', '/api/admin/login', { json: { email: s.admin.email, password: 'Admin-Password-1' } }),
  },
  'POST /api/auth/adminlogin': {
    changesPublic: false,
    succeeds: true,
    run: () => rest('post', '/api/auth/adminlogin', { json: { email: s.admin.email, password: 'Admin-Password-1' } }),
  },
  registerAdmin: {
    changesPublic: false,
    succeeds: true,
    run: () => mutation(`mutation($input: AdminRegistrationInput!) { registerAdmin(input: $input) { token } }`, { input: { name: 'Second Admin', email: email('admin'), password: 'Admin-Password-2' } }, admin()),
  },
  'POST /api/admin/register': {
    changesPublic: false,
    succeeds: true,
    run: () => rest('post', '/api/admin/register', { token: admin(), json: { name: 'Third Admin', email: email('admin'), password: 'Admin-Password-3' } }),
  },
  createUser: {
    changesPublic: false,
    succeeds: true,
    run: () => mutation(`mutation($input: UserInput!) { createUser(input: $input) { id } }`, { input: { name: 'Made by admin', email: email('created'), phone: '9123456789', category: 'GRADUATE', password: 'secret-1' } }, admin()),
  },
  'POST /api/auth/users': {
    changesPublic: false,
    succeeds: true,
    run: () => rest('post', '/api/auth/users', { token: admin(), json: { name: 'Made by admin', email: email('created'), phone: '9123456789', category: 'secondary', password: 'secret-1' } }),
  },
  // A registered user renamed and disabled: their places stay, as the public counts do.
  updateUser: {
    changesPublic: false,
    succeeds: true,
    prepare: registeredAccount,
    run: ({ userId }) => mutation(`mutation($id: ID!) { updateUser(id: $id, input: { name: "Renamed by admin", status: REJECTED }) { id } }`, { id: userId }, admin()),
  },
  'PUT /api/auth/users/:id': {
    changesPublic: false,
    succeeds: true,
    prepare: registeredAccount,
    run: ({ userId }) => rest('put', `/api/auth/users/${userId}`, { token: admin(), json: { name: 'Renamed by admin', status: 'rejected' } }),
  },

  // ----- teacher area -----
  addStudent: {
    changesPublic: false,
    succeeds: true,
    run: () => mutation(`mutation($input: StudentInput!) { addStudent(input: $input) { id } }`, { input: studentInput() }, s.tokens.teacher),
  },
  'POST /api/users/add-student': {
    changesPublic: false,
    succeeds: true,
    run: () => rest('post', '/api/users/add-student', { token: s.tokens.teacher, json: studentInput() }),
  },
  // A registered student rejected: the registration stays.
  setApprovalStatus: {
    changesPublic: false,
    succeeds: true,
    prepare: registeredStudent,
    run: ({ userId }) => mutation(`mutation($input: ApprovalInput!) { setApprovalStatus(input: $input) { updated } }`, { input: { userIds: [userId], status: 'REJECTED' } }, s.tokens.teacher),
  },
  'POST /api/users/update-status': {
    changesPublic: false,
    succeeds: true,
    prepare: registeredStudent,
    run: ({ userId }) => rest('post', '/api/users/update-status', { token: admin(), json: { studentIds: [userId], status: 'rejected' } }),
  },

  // ----- contact form, visitor counter, uploads -----
  submitContact: {
    changesPublic: false,
    succeeds: true,
    run: () => mutation(`mutation($input: ContactInput!) { submitContact(input: $input) { id } }`, { input: contactInput() }),
  },
  'POST /api/contact': {
    changesPublic: false,
    succeeds: true,
    run: () => rest('post', '/api/contact', { json: contactInput() }),
  },
  updateContactStatus: {
    changesPublic: false,
    succeeds: true,
    prepare: aContact,
    run: ({ id }) => mutation(`mutation($id: ID!) { updateContactStatus(id: $id, status: RESOLVED) { id } }`, { id }, admin()),
  },
  'PUT /api/contact/:id': {
    changesPublic: false,
    succeeds: true,
    prepare: aContact,
    run: ({ id }) => rest('put', `/api/contact/${id}`, { token: admin(), json: { status: 'in-progress' } }),
  },
  recordVisit: {
    changesPublic: false,
    succeeds: true,
    run: () => mutation(`mutation { recordVisit { visitorCount } }`, {}),
  },
  'POST /api/increment-visitor': {
    changesPublic: false,
    succeeds: true,
    run: () => rest('post', '/api/increment-visitor'),
  },
  'POST /api/uploads': {
    changesPublic: false,
    succeeds: true,
    run: () => rest('post', '/api/uploads', { token: admin(), file: ['image', png] }),
  },

  // ----- background jobs (admin; nothing public) -----
  retryBackgroundJob: {
    changesPublic: false,
    run: () => mutation(`mutation($id: ID!) { retryBackgroundJob(name: "mail", id: $id) { message } }`, { id: '00000000-0000-4000-8000-000000000001' }, admin()),
  },
  'POST /api/admin/jobs/:name/:id/retry': {
    changesPublic: false,
    run: () => rest('post', '/api/admin/jobs/mail/00000000-0000-4000-8000-000000000001/retry', { token: admin() }),
  },

  // ----- API keys (admin; nothing public) -----
  createApiKey: {
    changesPublic: false,
    succeeds: true,
    run: () => mutation(`mutation { createApiKey(input: { name: "cache", scopes: ["events:read"] }) { id } }`, {}, admin()),
  },
  'POST /api/admin/api-keys': {
    changesPublic: false,
    succeeds: true,
    run: () => rest('post', '/api/admin/api-keys', { token: admin(), json: { name: 'cache', scopes: ['events:read'] } }),
  },
  revokeApiKey: {
    changesPublic: false,
    succeeds: true,
    prepare: anApiKey,
    run: ({ id }) => mutation(`mutation($id: ID!) { revokeApiKey(id: $id) { id } }`, { id }, admin()),
  },
  'DELETE /api/admin/api-keys/:id': {
    changesPublic: false,
    succeeds: true,
    prepare: anApiKey,
    run: ({ id }) => rest('delete', `/api/admin/api-keys/${id}`, { token: admin() }),
  },

  // ----- registration questions: a registrant's answers and the admin's question sets (nothing public) -----
  updateMyAnswers: {
    changesPublic: false,
    succeeds: true,
    prepare: registeredAccount,
    run: ({ events: [id], token }) => mutation(`mutation($id: ID!) { updateMyAnswers(input: { eventId: $id, answers: [] }) { message } }`, { id }, token),
  },
  'PUT /api/events/:id/answers': {
    changesPublic: false,
    succeeds: true,
    prepare: registeredAccount,
    run: ({ events: [id], token }) => rest('put', `/api/events/${id}/answers`, { token, json: { answers: {} } }),
  },
  saveQuestionSet: {
    changesPublic: false,
    succeeds: true,
    run: () => mutation(`mutation { saveQuestionSet(input: { name: "cache", questions: [{ type: TEXT, label: "School" }] }) { id } }`, {}, admin()),
  },
  'POST /api/admin/question-sets': {
    changesPublic: false,
    succeeds: true,
    run: () => rest('post', '/api/admin/question-sets', { token: admin(), json: { name: 'cache rest', questions: [{ type: 'text', label: 'School' }] } }),
  },
  deleteQuestionSet: {
    changesPublic: false,
    succeeds: true,
    prepare: aQuestionSet,
    run: ({ id }) => mutation(`mutation($id: ID!) { deleteQuestionSet(id: $id) { id } }`, { id }, admin()),
  },
  'DELETE /api/admin/question-sets/:id': {
    changesPublic: false,
    succeeds: true,
    prepare: aQuestionSet,
    run: ({ id }) => rest('delete', `/api/admin/question-sets/${id}`, { token: admin() }),
  },
  // ----- feedback after an event (attendees and admins; nothing public) -----
  submitFeedback: {
    changesPublic: false,
    succeeds: true,
    prepare: attendedAccount(false),
    run: ({ events: [id], userId }) => mutation(`mutation($t: String!) { submitFeedback(token: $t, input: { usefulness: 4, overall: 5 }) { message } }`, { t: feedbackToken(id, userId) }),
  },
  'PUT /api/feedback/:token': {
    changesPublic: false,
    succeeds: true,
    prepare: attendedAccount(false),
    run: ({ events: [id], userId }) => rest('put', `/api/feedback/${feedbackToken(id, userId)}`, { json: { usefulness: 4, overall: 5 } }),
  },
  submitMyFeedback: {
    changesPublic: false,
    succeeds: true,
    prepare: attendedAccount(false),
    run: async ({ events: [id], userId }) => mutation(`mutation($e: ID!) { submitMyFeedback(eventId: $e, input: { usefulness: 3, overall: 4 }) { message } }`, { e: id }, await tokenOfUser(userId)),
  },
  'PUT /api/events/:id/my-feedback': {
    changesPublic: false,
    succeeds: true,
    prepare: attendedAccount(false),
    run: async ({ events: [id], userId }) => rest('put', `/api/events/${id}/my-feedback`, { token: await tokenOfUser(userId), json: { usefulness: 3, overall: 4 } }),
  },
  setEventFeedbackQuestions: {
    changesPublic: false,
    succeeds: true,
    prepare: async () => ({ events: [await anEvent()] }),
    run: ({ events: [id] }) => mutation(`mutation($e: ID!) { setEventFeedbackQuestions(eventId: $e, questions: [{ id: "pace", type: "yes_no", label: "Pace" }]) { message } }`, { e: id }, admin()),
  },
  'PUT /api/events/:id/feedback/questions': {
    changesPublic: false,
    succeeds: true,
    prepare: async () => ({ events: [await anEvent()] }),
    run: ({ events: [id] }) => rest('put', `/api/events/${id}/feedback/questions`, { token: admin(), json: { questions: [{ id: 'pace', type: 'yes_no', label: 'Pace' }] } }),
  },

  // ----- messages to an event's people, and the news switch (nothing public) -----
  sendMessage: {
    changesPublic: false,
    succeeds: true,
    prepare: registeredAccount,
    run: ({ events: [id] }) => mutation(`mutation($e: ID!) { sendMessage(input: { subject: "Venue", text: "The venue has changed.", eventIds: [$e], segment: "registered" }) { id recipients } }`, { e: id }, admin()),
  },
  'POST /api/admin/messages': {
    changesPublic: false,
    succeeds: true,
    prepare: registeredAccount,
    run: ({ events: [id] }) => rest('post', '/api/admin/messages', { token: admin(), json: { subject: 'Venue', text: 'The venue has changed.', eventIds: [id], segment: 'registered' } }),
  },
  'POST /api/admin/messages/preview': {
    changesPublic: false,
    succeeds: true,
    prepare: registeredAccount,
    run: ({ events: [id] }) => rest('post', '/api/admin/messages/preview', { token: admin(), json: { subject: 'Venue', text: 'The venue has changed.', eventIds: [id], segment: 'registered' } }),
  },
  cancelMessage: {
    changesPublic: false,
    succeeds: true,
    prepare: aScheduledMessage,
    run: ({ messageId }) => mutation(`mutation($id: ID!) { cancelMessage(id: $id) { id } }`, { id: messageId }, admin()),
  },
  'POST /api/admin/messages/:id/cancel': {
    changesPublic: false,
    succeeds: true,
    prepare: aScheduledMessage,
    run: ({ messageId }) => rest('post', `/api/admin/messages/${messageId}/cancel`, { token: admin() }),
  },
  setNewsPreference: {
    changesPublic: false,
    succeeds: true,
    prepare: registeredAccount,
    run: ({ token }) => mutation(`mutation { setNewsPreference(enabled: false) { id } }`, {}, token),
  },
  stopNews: {
    changesPublic: false,
    succeeds: true,
    prepare: registeredAccount,
    run: ({ userId }) => mutation(`mutation($t: String!) { stopNews(token: $t) { message } }`, { t: ctx.services.messages.stopTokens.sign(userId) }),
  },
  'POST /api/news/stop': {
    changesPublic: false,
    succeeds: true,
    prepare: registeredAccount,
    run: ({ userId }) => rest('post', `/api/news/stop?token=${encodeURIComponent(ctx.services.messages.stopTokens.sign(userId))}`),
  },

  // ----- webhooks (admin; nothing public) -----
  createWebhookEndpoint: {
    changesPublic: false,
    succeeds: true,
    run: () => mutation(`mutation { createWebhookEndpoint(input: { url: "https://93.184.216.34/hook", events: ["event.created"] }) { id } }`, {}, admin()),
  },
  'POST /api/admin/webhooks': {
    changesPublic: false,
    succeeds: true,
    run: () => rest('post', '/api/admin/webhooks', { token: admin(), json: { url: 'https://93.184.216.34/hook', events: ['event.created'] } }),
  },
  setWebhookEndpointEnabled: {
    changesPublic: false,
    succeeds: true,
    prepare: aWebhookEndpoint,
    run: ({ id }) => mutation(`mutation($id: ID!) { setWebhookEndpointEnabled(id: $id, enabled: false) { id } }`, { id }, admin()),
  },
  'PUT /api/admin/webhooks/:id': {
    changesPublic: false,
    succeeds: true,
    prepare: aWebhookEndpoint,
    run: ({ id }) => rest('put', `/api/admin/webhooks/${id}`, { token: admin(), json: { enabled: false } }),
  },
  deleteWebhookEndpoint: {
    changesPublic: false,
    succeeds: true,
    prepare: aWebhookEndpoint,
    run: ({ id }) => mutation(`mutation($id: ID!) { deleteWebhookEndpoint(id: $id) { id } }`, { id }, admin()),
  },
  'DELETE /api/admin/webhooks/:id': {
    changesPublic: false,
    succeeds: true,
    prepare: aWebhookEndpoint,
    run: ({ id }) => rest('delete', `/api/admin/webhooks/${id}`, { token: admin() }),
  },
  redeliverWebhook: {
    changesPublic: false,
    run: () => mutation(`mutation { redeliverWebhook(endpointId: "00000000-0000-4000-8000-000000000001", deliveryId: "00000000-0000-4000-8000-000000000002") { id } }`, {}, admin()),
  },
  'POST /api/admin/webhooks/:id/deliveries/:deliveryId/redeliver': {
    changesPublic: false,
    run: () => rest('post', '/api/admin/webhooks/00000000-0000-4000-8000-000000000001/deliveries/00000000-0000-4000-8000-000000000002/redeliver', { token: admin() }),
  },
};

// ---------- the public reads ----------

interface Answer {
  status: number;
  body: unknown;
  /** X-SQL-Statements: 0 when the answer was replayed from the cache. */
  statements: number;
}

interface Read {
  label: string;
  fetch: () => Promise<Answer>;
}

const answer = (res: { status: number; body: unknown; headers: Record<string, string> }): Answer => ({ status: res.status, body: res.body, statements: Number(res.headers['x-sql-statements']) });

const restRead = (url: string): Read => ({ label: `REST GET ${url}`, fetch: async () => answer(await ctx.http.get(url)) });

const graphqlRead = (label: string, query: string, variables: Record<string, unknown> = {}): Read => ({
  label: `GraphQL ${label}`,
  fetch: async () => answer(await ctx.http.post('/graphql').set('content-type', 'application/json').send(JSON.stringify({ query, variables }))),
});

const EVENTS = `query PublicEvents { events(filter: { when: ALL }, limit: 100) { total items { id title date time location registeredCount isFull maxParticipants imageUrl } } }`;
const EVENT = `query PublicEvent($id: ID!) { event(id: $id) { id title description date time location category registeredCount isFull maxParticipants imageUrl } }`;
const COUNTS = `query PublicCounts($year: Int!, $month: Int!) { eventCountsByDay(year: $year, month: $month) { date count } }`;
const TEAM = `query PublicTeam { teamMembers { id name designation imageUrl socialLinks { github } } }`;

/** What a signed-out visitor reads, over both transports, with the details of the watched events. */
function publicReads(eventIds: string[]): Read[] {
  const [year, month] = day(0).split('-').map(Number);
  return [
    restRead('/api/events'),
    restRead('/api/events?when=upcoming'),
    restRead(`/api/events?month=${month}&year=${year}`),
    ...eventIds.map((id) => restRead(`/api/events/${id}`)),
    restRead('/api/team'),
    graphqlRead('events(filter: {when: ALL}, limit: 100)', EVENTS),
    ...eventIds.map((id) => graphqlRead(`event(id: "${id}")`, EVENT, { id })),
    graphqlRead(`eventCountsByDay(year: ${year}, month: ${month})`, COUNTS, { year, month }),
    graphqlRead('teamMembers', TEAM),
  ];
}

const same = (a: Answer, b: Answer) => a.status === b.status && isDeepStrictEqual(a.body, b.body);
const show = (a: Answer) => `${a.status} ${JSON.stringify(a.body).slice(0, 400)}`;

/** Where two JSON values first differ, e.g. `data.teamMembers[2].name: "Member 7" vs "Renamed"`. */
function firstDifference(a: unknown, b: unknown, at = ''): string | null {
  if (isDeepStrictEqual(a, b)) return null;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const key of keys) {
      const found = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], Array.isArray(a) ? `${at}[${key}]` : at ? `${at}.${key}` : key);
      if (found) return found;
    }
  }
  const text = (v: unknown) => (v === undefined ? '(absent)' : JSON.stringify(v).slice(0, 200));
  return `${at || '(whole answer)'}: ${text(a)} vs ${text(b)}`;
}

const describeDifference = (cached: Answer, fresh: Answer) =>
  cached.status !== fresh.status ? `status ${cached.status} vs ${fresh.status}` : firstDifference(cached.body, fresh.body);

// ---------- the tests ----------

describe('every write is seen at once by the public read cache', () => {
  it('has a recipe for every GraphQL mutation and every REST route that is not GET, and none for operations that are gone', () => {
    const operations = [
      ...graphqlOperations(schema).filter((o) => o.kind === 'mutation').map((o) => o.name),
      ...mutatingRestRoutes().map(restRouteName),
    ];
    expect(operations.length).toBeGreaterThan(40);
    const missing = operations.filter((name) => !(name in RECIPES)).map((name) => `no recipe for ${name}`);
    const stale = Object.keys(RECIPES).filter((name) => !operations.includes(name)).map((name) => `recipe for an operation that does not exist: ${name}`);
    expect([...missing, ...stale]).toEqual([]);
  });

  it.each(Object.keys(RECIPES))('%s', async (name) => {
    const recipe = RECIPES[name];
    const subject = (await recipe.prepare?.()) ?? { events: [] };
    const reads = publicReads(subject.events);
    const problems: string[] = [];

    // Warm: each read twice; the second is replayed from the cache without touching the database.
    const warm: Answer[] = [];
    for (const read of reads) {
      const first = await read.fetch();
      const second = await read.fetch();
      if (first.status !== 200) problems.push(`${name}: warming ${read.label} answered ${show(first)}`);
      if (second.statements !== 0) problems.push(`${name}: ${read.label} was not a cache hit when read again (x-sql-statements: ${second.statements})`);
      if (!same(first, second)) problems.push(`${name}: ${read.label} answered differently when read again`);
      warm.push(second);
    }

    const outcome = await recipe.run(subject);
    if (outcome.serverError) problems.push(`${name}: server error ${outcome.summary}`);
    if ((recipe.succeeds ?? recipe.changesPublic) && !outcome.ok) problems.push(`${name}: the operation did not succeed: ${outcome.summary}`);
    await ctx.services.mail.idle();

    // Through the cache right after the write, then rebuilt from the database.
    const cached: Answer[] = [];
    for (const read of reads) cached.push(await read.fetch());
    ctx.publicCache.invalidate('all');
    const fresh: Answer[] = [];
    for (const read of reads) fresh.push(await read.fetch());

    reads.forEach((read, i) => {
      if (!same(cached[i], fresh[i])) problems.push(`${name}: stale ${read.label} (cached vs fresh) at ${describeDifference(cached[i], fresh[i])}`);
    });
    const changed = reads.filter((_, i) => !same(warm[i], fresh[i])).map((r) => r.label);
    if (recipe.changesPublic && !changed.length) problems.push(`${name}: declared changesPublic: true, but no public read changed (did the recipe really write?)`);
    if (!recipe.changesPublic && changed.length) problems.push(`${name}: declared changesPublic: false, but these public reads changed: ${changed.join(', ')}`);
    expect(problems).toEqual([]);
  });
});
