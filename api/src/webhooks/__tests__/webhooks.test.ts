/**
 * Signed webhooks end to end on a real database (PGlite, or Postgres with TEST_DATABASE_URL): planned in
 * the transaction of the change (none for a rolled-back one), sent by the job queue to a local endpoint
 * (WEBHOOK_ALLOW_PRIVATE), verified with the standardwebhooks library, retried on the schedule with the
 * same webhook-id, 410 and three days of failures disable the endpoint (admins mailed), redirects are
 * not followed, two replicas never send one change twice, the REST and GraphQL admin operations.
 */
import { Webhook } from 'standardwebhooks';
import { createServices } from '../../services';
import { createLogger } from '../../common/logger';
import { createTestContext, usingPostgres, type TestContext } from '../../test/harness';
import { makeEvent, makeUser, standardScenario } from '../../test/scenarios';
import { RETRY_DELAYS_SECONDS, WEBHOOK_JOB } from '../webhook.service';
import { startReceiver } from './receiver';
import { buildOpenApiDocument } from '../../openapi/document';
import { restRoutes } from '../../rest/routes';
import { schemaProblems } from '../../test/json-schema';

jest.setTimeout(120_000);

let ctx: TestContext;
let s: Awaited<ReturnType<typeof standardScenario>>;
type Receiver = Awaited<ReturnType<typeof startReceiver>>;
const receivers: Receiver[] = [];

beforeAll(async () => {
  // The clock near real time: signatures carry it, and the library checks it is within 5 minutes.
  ctx = await createTestContext({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' }, now: new Date() });
  s = await standardScenario(ctx);
});
// Each test starts on real time (the three-days test moves the clock; signatures are checked against real time).
beforeEach(() => ctx.clock.set(new Date()));
afterAll(async () => {
  for (const r of receivers) await r.close();
  await ctx.close();
});

/** A fresh admin token (the clock may have moved past an earlier one's expiry). */
const admin = () => ctx.services.tokens.sign(s.admin.id, s.admin.tokenVersion, 'admin');
async function receiver(answer?: Parameters<typeof startReceiver>[0]): Promise<Receiver> {
  const r = await startReceiver(answer);
  receivers.push(r);
  return r;
}
async function endpoint(url: string, events: string[]): Promise<{ id: string; secret: string }> {
  const res = await ctx.http.post('/api/admin/webhooks').set('authorization', `Bearer ${admin()}`).send({ url, events });
  expect(res.status).toBe(201);
  return { id: res.body.id, secret: res.body.secret };
}
const asViewer = (u: { id: string; email: string; name: string; category: string; status: string }, tokenKind: 'user' | 'admin' = 'user') =>
  ({ id: u.id, email: u.email, name: u.name, category: u.category, status: u.status, tokenKind }) as never;
/** Every job of the queue that is due has run (a scheduled retry waits for its time). */
const drain = () => ctx.services.jobs.runDue(WEBHOOK_JOB);
/** The queue's time moves on: scheduled retries are due now. */
async function timePasses() {
  await ctx.db.dataSource.query(`UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE name = $1 AND state IN ('created', 'retry')`, [WEBHOOK_JOB]);
}
async function deliveriesOf(endpointId: string) {
  const res = await ctx.http.get(`/api/admin/webhooks/${endpointId}/deliveries`).set('authorization', `Bearer ${admin()}`);
  expect(res.status).toBe(200);
  return res.body.data as Array<Record<string, any>>;
}

describe('registering endpoints', () => {
  it('answers the secret once, lists endpoints without it, keeps it out of the audit log', async () => {
    const r = await receiver();
    const { id, secret } = await endpoint(r.url(), ['registration.created']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const list = await ctx.http.get('/api/admin/webhooks').set('authorization', `Bearer ${admin()}`);
    expect(list.body.data.find((e: { id: string }) => e.id === id)).toMatchObject({ url: r.url(), events: ['registration.created'], enabled: true });
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(6));
    const audit: { before: unknown; after: unknown }[] = await ctx.db.dataSource.query(`SELECT before, after FROM audit_log WHERE entity_type = 'webhook_endpoint'`);
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain(secret.slice(6));
    await ctx.http.delete(`/api/admin/webhooks/${id}`).set('authorization', `Bearer ${admin()}`).expect(200);
  });

  it('refuses bad input with 400', async () => {
    for (const body of [{ url: 'not a url', events: ['event.created'] }, { url: 'ftp://x.example/', events: ['event.created'] }, { url: 'https://example.com/', events: ['nope'] }, { url: 'https://example.com/', events: [] }, { url: 'https://u:p@example.com/', events: ['event.created'] }]) {
      const res = await ctx.http.post('/api/admin/webhooks').set('authorization', `Bearer ${admin()}`).send(body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
    }
  });
});

describe('delivery', () => {
  it('a registration reaches the endpoint signed (verified with standardwebhooks), carrying the registration in its REST shape', async () => {
    const r = await receiver();
    const { id, secret } = await endpoint(r.url(), ['registration.created', 'registration.cancelled']);
    const event = await makeEvent(ctx, { title: 'Hook event' });
    await ctx.services.registrations.register(asViewer(s.member), event.id);
    await ctx.services.registrations.unregister(asViewer(s.member), event.id);
    await drain();
    expect(r.received).toHaveLength(2);
    // Order is not promised (integrators order by the payload's timestamp): sorted by type here.
    r.received.sort((a, b) => JSON.parse(b.body).type.localeCompare(JSON.parse(a.body).type));
    const payloads = r.received.map((got) => new Webhook(secret).verify(got.body, got.headers as Record<string, string>) as { type: string; data: Record<string, any> });
    expect(payloads.map((p) => p.type)).toEqual(['registration.created', 'registration.cancelled']);
    expect(payloads[0].data).toMatchObject({ eventId: event.id, userId: s.member.id, user: { email: s.member.email }, event: { title: 'Hook event' } });
    expect(payloads[0].data.id).toBe(payloads[1].data.id);
    expect(r.received[0].headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(r.received[0].headers['webhook-id']).not.toBe(r.received[1].headers['webhook-id']);
    // A signature made with another secret does not verify.
    expect(() => new Webhook('whsec_' + Buffer.alloc(24, 1).toString('base64')).verify(r.received[0].body, r.received[0].headers as Record<string, string>)).toThrow();
    const log = await deliveriesOf(id);
    expect(log.map((d) => d.status)).toEqual(['delivered', 'delivered']);
    expect(log[0]).toMatchObject({ attempts: 1, responseStatus: 200, responseBody: 'ok' });
    expect(log[0].durationMs).toBeGreaterThanOrEqual(0);
    expect(log[0].requestHeaders['webhook-signature']).toMatch(/^v1,/);
    await ctx.http.delete(`/api/admin/webhooks/${id}`).set('authorization', `Bearer ${admin()}`).expect(200);
  });

  it('every kind of change is sent to the endpoints that want it: events, check-in, contacts, waiting list, certificates', async () => {
    const r = await receiver();
    const all = ['event.created', 'event.updated', 'event.cancelled', 'checkin.created', 'contact.created', 'waitlist.offered', 'waitlist.accepted', 'registration.created', 'registration.cancelled', 'certificate.issued'];
    const { id, secret } = await endpoint(r.url(), all);
    const adminViewer = asViewer(s.admin, 'admin');
    const made = await ctx.services.events.create(adminViewer, { title: 'Full house', description: 'A small event', category: 'general', date: ctx.services.events.today(), time: '23:50', location: 'Prayagraj', maxParticipants: 1 });
    await ctx.services.events.update(adminViewer, made.id, { location: 'Varanasi' });
    const first = await makeUser(ctx);
    const second = await makeUser(ctx);
    await ctx.services.registrations.register(asViewer(first), made.id);
    await ctx.services.waitlist.join(asViewer(second), made.id);
    await ctx.services.checkIns.checkIn(adminViewer, made.id, { userId: first.id });
    await ctx.services.registrations.unregister(asViewer(first), made.id); // the place goes to the waiting list
    await ctx.services.jobs.runDue(); // the offer job, then mails and webhooks
    await ctx.services.waitlist.accept(asViewer(second), made.id);
    await ctx.services.contacts.submit({ name: 'Asha', email: 'asha@example.com', phone: '9876543210', subject: 'Hello', message: 'A question' });
    await ctx.services.events.cancel(adminViewer, made.id);
    await ctx.services.jobs.runDue();
    const types = r.received.map((got) => (new Webhook(secret).verify(got.body, got.headers as Record<string, string>) as { type: string }).type);
    expect([...new Set(types)].sort()).toEqual(all.filter((t) => t !== 'certificate.issued').sort());
    // Each body is what the REST reference's x-webhooks documents for its type.
    const doc = buildOpenApiDocument(restRoutes);
    const problems = r.received.flatMap((got) => {
      const body = JSON.parse(got.body);
      const hook = doc['x-webhooks'][body.type] as { post: { requestBody: { content: { 'application/json': { schema: any } } } } };
      return schemaProblems(JSON.parse(JSON.stringify(body)), hook.post.requestBody.content['application/json'].schema, doc.components.schemas as never).map((p) => `${body.type}: ${p}`);
    });
    expect(problems).toEqual([]);
    const updated = r.received.map((got) => JSON.parse(got.body)).find((p) => p.type === 'event.updated');
    expect(updated.data).toMatchObject({ id: made.id, _id: made.id, location: 'Varanasi', title: 'Full house' });
    await ctx.http.delete(`/api/admin/webhooks/${id}`).set('authorization', `Bearer ${admin()}`).expect(200);
  });

  it('certificate.issued: one webhook per certificate, each with its own id, in the documented shape', async () => {
    const r = await receiver();
    const { id, secret } = await endpoint(r.url(), ['certificate.issued']);
    const past = await makeEvent(ctx, { title: 'Yesterday\'s workshop', daysFromToday: -1, time: '11:00' });
    const people = [await makeUser(ctx), await makeUser(ctx)];
    for (const p of people) await ctx.db.dataSource.query(`INSERT INTO registrations (event_id, user_id, checked_in_at) VALUES ($1, $2, $3)`, [past.id, p.id, ctx.clock.now()]);
    const issued = await ctx.http.post(`/api/events/${past.id}/certificates`).set('authorization', `Bearer ${admin()}`).send({});
    expect(issued.status).toBe(200);
    await drain();
    const bodies = r.received.map((got) => new Webhook(secret).verify(got.body, got.headers as Record<string, string>) as { type: string; data: Record<string, any> });
    expect(bodies.map((b) => b.type)).toEqual(['certificate.issued', 'certificate.issued']);
    expect(bodies.map((b) => b.data.userId).sort()).toEqual(people.map((p) => p.id).sort());
    expect(bodies.every((b) => b.data.eventId === past.id && /\/certificates\//.test(b.data.verifyUrl))).toBe(true);
    expect(new Set(r.received.map((got) => got.headers['webhook-id'])).size).toBe(2);
    const doc = buildOpenApiDocument(restRoutes);
    const hook = doc['x-webhooks']['certificate.issued'] as { post: { requestBody: { content: { 'application/json': { schema: any } } } } };
    expect(bodies.flatMap((b) => schemaProblems(JSON.parse(JSON.stringify(b)), hook.post.requestBody.content['application/json'].schema, doc.components.schemas as never))).toEqual([]);
    await ctx.http.delete(`/api/admin/webhooks/${id}`).set('authorization', `Bearer ${admin()}`).expect(200);
  });

  it('a rolled-back change plans nothing: no delivery, no job', async () => {
    const r = await receiver();
    const { id } = await endpoint(r.url(), ['registration.created']);
    const event = await makeEvent(ctx);
    const jobsBefore = await ctx.db.dataSource.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1`, [WEBHOOK_JOB]);
    await expect(ctx.db.dataSource.transaction(async (m) => {
      expect(await ctx.services.ledger.add(m, event.id, s.member.id, ctx.clock.now())).toBe('added');
      expect((await m.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1`, [id]))[0].n).toBe(1); // planned inside
      throw new Error('roll back');
    })).rejects.toThrow('roll back');
    expect(await deliveriesOf(id)).toEqual([]);
    expect(await ctx.db.dataSource.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1`, [WEBHOOK_JOB])).toEqual(jobsBefore);
    await drain();
    expect(r.received).toHaveLength(0);
    await ctx.http.delete(`/api/admin/webhooks/${id}`).set('authorization', `Bearer ${admin()}`).expect(200);
  });
});

describe('failures', () => {
  it('an endpoint that fails twice then succeeds gets the same webhook-id three times, on the retry schedule', async () => {
    const r = await receiver((_req, n) => ({ status: n <= 2 ? 503 : 200, body: n <= 2 ? 'down' : 'ok' }));
    const { id, secret } = await endpoint(r.url(), ['contact.created']);
    await ctx.services.contacts.submit({ name: 'Retry', email: 'retry@example.com', phone: '9876543210', subject: 'Retry', message: 'Retry me' });
    await drain();
    expect(r.received).toHaveLength(1);
    let [d] = await deliveriesOf(id);
    expect(d).toMatchObject({ status: 'retrying', attempts: 1, responseStatus: 503, responseBody: 'down' });
    expect(new Date(d.nextAttemptAt).getTime() - new Date(d.lastAttemptAt).getTime()).toBe(RETRY_DELAYS_SECONDS[0] * 1000);
    await drain();
    expect(r.received).toHaveLength(1); // not before its time
    await timePasses();
    await drain();
    [d] = await deliveriesOf(id);
    expect(d).toMatchObject({ status: 'retrying', attempts: 2 });
    expect(new Date(d.nextAttemptAt).getTime() - new Date(d.lastAttemptAt).getTime()).toBe(300_000);
    await timePasses();
    await drain();
    [d] = await deliveriesOf(id);
    expect(d).toMatchObject({ status: 'delivered', attempts: 3, responseStatus: 200 });
    expect(d.attemptLog.map((a: { status: number }) => a.status)).toEqual([503, 503, 200]);
    expect(new Set(r.received.map((got) => got.headers['webhook-id'])).size).toBe(1);
    for (const got of r.received) new Webhook(secret).verify(got.body, got.headers as Record<string, string>);
    // Redeliver: the same id once more.
    const again = await ctx.http.post(`/api/admin/webhooks/${id}/deliveries/${d.id}/redeliver`).set('authorization', `Bearer ${admin()}`);
    expect(again.status).toBe(200);
    await drain();
    expect(r.received).toHaveLength(4);
    expect(r.received[3].headers['webhook-id']).toBe(r.received[0].headers['webhook-id']);
    expect((await ctx.http.post(`/api/admin/webhooks/${id}/deliveries/00000000-0000-4000-8000-000000000000/redeliver`).set('authorization', `Bearer ${admin()}`)).status).toBe(404);
    await ctx.http.delete(`/api/admin/webhooks/${id}`).set('authorization', `Bearer ${admin()}`).expect(200);
  });

  it('gives up after the last retry (8 attempts over about 28 hours)', async () => {
    const r = await receiver(() => ({ status: 500 }));
    const { id } = await endpoint(r.url(), ['contact.created']);
    await ctx.services.contacts.submit({ name: 'Never', email: 'never@example.com', phone: '9876543210', subject: 'Never', message: 'Never delivered' });
    await drain();
    for (let i = 0; i < RETRY_DELAYS_SECONDS.length; i++) {
      await timePasses();
      await drain();
    }
    const [d] = await deliveriesOf(id);
    expect(d).toMatchObject({ status: 'failed', attempts: RETRY_DELAYS_SECONDS.length + 1, nextAttemptAt: null });
    expect(r.received).toHaveLength(8);
    await ctx.http.delete(`/api/admin/webhooks/${id}`).set('authorization', `Bearer ${admin()}`).expect(200);
  });

  it('410 Gone disables the endpoint at once and the admins are mailed', async () => {
    const r = await receiver(() => ({ status: 410 }));
    const { id } = await endpoint(r.url(), ['contact.created']);
    await ctx.services.contacts.submit({ name: 'Gone', email: 'gone@example.com', phone: '9876543210', subject: 'Gone', message: 'Gone away' });
    await drain();
    const [d] = await deliveriesOf(id);
    expect(d).toMatchObject({ status: 'failed', responseStatus: 410 });
    const ep = (await ctx.http.get('/api/admin/webhooks').set('authorization', `Bearer ${admin()}`)).body.data.find((e: { id: string }) => e.id === id);
    expect(ep).toMatchObject({ enabled: false, disabledReason: 'The endpoint answered 410 Gone' });
    const mails: { recipient: string }[] = await ctx.db.dataSource.query(`SELECT recipient FROM mail_deliveries WHERE kind = 'webhook.disabled' AND payload->>'url' = $1`, [r.url()]);
    expect(mails.map((m) => m.recipient)).toContain(s.admin.email);
    // Nothing more goes to a disabled endpoint.
    await ctx.services.contacts.submit({ name: 'Gone', email: 'gone2@example.com', phone: '9876543210', subject: 'Gone', message: 'Gone away' });
    await drain();
    expect(r.received).toHaveLength(1);
    // Enabled again, it receives once more.
    const on = await ctx.http.put(`/api/admin/webhooks/${id}`).set('authorization', `Bearer ${admin()}`).send({ enabled: true });
    expect(on.body.data).toMatchObject({ enabled: true, disabledReason: null });
    await ctx.http.delete(`/api/admin/webhooks/${id}`).set('authorization', `Bearer ${admin()}`).expect(200);
  });

  it('three days of failures disable the endpoint', async () => {
    const r = await receiver(() => ({ status: 500 }));
    const { id } = await endpoint(r.url(), ['contact.created']);
    await ctx.services.contacts.submit({ name: 'Slow', email: 'slow@example.com', phone: '9876543210', subject: 'Slow', message: 'One' });
    await drain();
    ctx.clock.advance(2 * 24 * 3_600_000);
    await ctx.services.contacts.submit({ name: 'Slow', email: 'slow@example.com', phone: '9876543210', subject: 'Slow', message: 'Two' });
    await drain();
    let ep = (await ctx.http.get('/api/admin/webhooks').set('authorization', `Bearer ${admin()}`)).body.data.find((e: { id: string }) => e.id === id);
    expect(ep.enabled).toBe(true);
    ctx.clock.advance(24 * 3_600_000 + 1000);
    await ctx.services.contacts.submit({ name: 'Slow', email: 'slow@example.com', phone: '9876543210', subject: 'Slow', message: 'Three' });
    await drain();
    ep = (await ctx.http.get('/api/admin/webhooks').set('authorization', `Bearer ${admin()}`)).body.data.find((e: { id: string }) => e.id === id);
    expect(ep).toMatchObject({ enabled: false, disabledReason: 'Every delivery failed for three days' });
    const mails: { recipient: string }[] = await ctx.db.dataSource.query(`SELECT recipient FROM mail_deliveries WHERE kind = 'webhook.disabled' AND payload->>'url' = $1`, [r.url()]);
    expect(mails.map((m) => m.recipient)).toContain(s.admin.email);
    await ctx.http.delete(`/api/admin/webhooks/${id}`).set('authorization', `Bearer ${admin()}`).expect(200);
  });

  it('does not follow redirects (a 3xx is a failure)', async () => {
    const target = await receiver();
    const r = await receiver(() => ({ status: 302, headers: { location: target.url('/elsewhere') } }));
    const { id } = await endpoint(r.url(), ['contact.created']);
    await ctx.services.contacts.submit({ name: 'Redirect', email: 'redirect@example.com', phone: '9876543210', subject: 'R', message: 'Redirected' });
    await drain();
    expect(r.received).toHaveLength(1);
    expect(target.received).toHaveLength(0);
    expect((await deliveriesOf(id))[0]).toMatchObject({ status: 'retrying', responseStatus: 302 });
    await ctx.http.delete(`/api/admin/webhooks/${id}`).set('authorization', `Bearer ${admin()}`).expect(200);
  });
});

describe('the delivery log', () => {
  it('keeps deliveries 30 days: older ones are deleted, younger ones stay', async () => {
    const r = await receiver();
    const { id } = await endpoint(r.url(), ['contact.created']);
    const submit = (n: number) => ctx.services.contacts.submit({ name: `Log ${n}`, email: `log${n}@example.com`, phone: '9876543210', subject: 'Log', message: `Kept ${n}` });
    await submit(1);
    await drain();
    ctx.clock.advance(20 * 24 * 3_600_000);
    await submit(2);
    await drain();
    expect(await deliveriesOf(id)).toHaveLength(2);
    ctx.clock.advance(11 * 24 * 3_600_000);
    await submit(3);
    await drain();
    const kept = await deliveriesOf(id);
    expect(kept.map((d) => d.payload.data.name).sort()).toEqual(['Log 2', 'Log 3']);
    await ctx.http.delete(`/api/admin/webhooks/${id}`).set('authorization', `Bearer ${admin()}`).expect(200);
  });
});

describe('two replicas or workers never send one change twice to one endpoint', () => {
  // On PGlite the two share one connection, so this checks the claim's logic; on Postgres the claims race for real.
  it(`60 deliveries, each worked by two replicas at once${usingPostgres ? '' : ' (one connection: serialized)'}`, async () => {
    const r = await receiver();
    const { id } = await endpoint(r.url(), ['contact.created']);
    const other = createServices({ dataSource: ctx.db.dataSource, config: ctx.config, logger: createLogger('silent'), clock: ctx.clock });
    await other.jobs.start({ work: false });
    try {
      for (let i = 0; i < 60; i++) await ctx.services.contacts.submit({ name: `Twice ${i}`, email: `twice${i}@example.com`, phone: '9876543210', subject: 'Twice', message: 'Only once' });
      const ids: { id: string }[] = await ctx.db.dataSource.query(`SELECT id FROM webhook_deliveries WHERE endpoint_id = $1`, [id]);
      expect(ids).toHaveLength(60);
      // Each delivery handed to both replicas at once (as if the queue gave the job to two workers), ten
      // deliveries at a time (all 120 calls at once can keep the local endpoint from answering within 5 s
      // on a loaded machine), while both queues are worked too.
      const queues = Promise.all([ctx.services.jobs.runDue(WEBHOOK_JOB), other.jobs.runDue(WEBHOOK_JOB)]);
      for (let i = 0; i < ids.length; i += 10) {
        await Promise.all(ids.slice(i, i + 10).flatMap((d) => [ctx.services.webhooks.deliver(d.id), other.webhooks.deliver(d.id)]));
      }
      await queues;
      expect(r.received).toHaveLength(60);
      expect(new Set(r.received.map((got) => got.headers['webhook-id'])).size).toBe(60);
      expect((await deliveriesOf(id)).every((d) => d.status === 'delivered' && d.attempts === 1)).toBe(true);
    } finally {
      await other.jobs.stop();
    }
    await ctx.http.delete(`/api/admin/webhooks/${id}`).set('authorization', `Bearer ${admin()}`).expect(200);
  });
});

describe('GraphQL carries the same operations', () => {
  it('create (secret once), list, deliveries, redeliver, disable, delete', async () => {
    const r = await receiver();
    const made = await ctx.gql(`mutation($input: WebhookEndpointInput!) { createWebhookEndpoint(input: $input) { id secret endpoint { url events enabled } } }`, { input: { url: r.url(), events: ['contact.created'] } }, admin());
    expect(made.errors).toBeUndefined();
    const { id, secret } = made.data.createWebhookEndpoint;
    expect(secret).toMatch(/^whsec_/);
    await ctx.services.contacts.submit({ name: 'Gql', email: 'gql@example.com', phone: '9876543210', subject: 'Gql', message: 'Over GraphQL' });
    await drain();
    const list = await ctx.gql(`query($id: ID!) { webhookEndpoints { id url } webhookDeliveries(endpointId: $id) { total items { id status messageId attemptLog { status } } } }`, { id }, admin());
    expect(list.data.webhookEndpoints.some((e: { id: string }) => e.id === id)).toBe(true);
    expect(list.data.webhookDeliveries.items[0]).toMatchObject({ status: 'delivered', attemptLog: [{ status: 200 }] });
    const again = await ctx.gql(`mutation($e: ID!, $d: ID!) { redeliverWebhook(endpointId: $e, deliveryId: $d) { status } }`, { e: id, d: list.data.webhookDeliveries.items[0].id }, admin());
    expect(again.data.redeliverWebhook.status).toBe('pending');
    const off = await ctx.gql(`mutation($id: ID!) { setWebhookEndpointEnabled(id: $id, enabled: false) { enabled disabledReason } }`, { id }, admin());
    expect(off.data.setWebhookEndpointEnabled).toMatchObject({ enabled: false });
    expect((await ctx.gql(`mutation($id: ID!) { deleteWebhookEndpoint(id: $id) { id } }`, { id }, admin())).data.deleteWebhookEndpoint.id).toBe(id);
    expect((await ctx.gql(`{ webhookEndpoints { id } }`, {}, s.tokens.member)).errors?.[0].extensions.code).toBe('FORBIDDEN');
  });
});
