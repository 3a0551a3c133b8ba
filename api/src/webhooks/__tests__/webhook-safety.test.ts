/**
 * Safe by default (no WEBHOOK_ALLOW_PRIVATE): endpoints must be https and resolve to public addresses,
 * both when registered and when sent to (the address is resolved again and pinned for the request);
 * requests stop at 5 s (here a shorter limit) and read at most 4 KB of the answer.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestContext, type TestContext } from '../../test/harness';
import { standardScenario } from '../../test/scenarios';
import { checkUrlForm, isPublicAddress, postPinned, RESPONSE_BODY_LIMIT, resolveTarget, UnsafeTargetError } from '../webhook-http';
import { WEBHOOK_JOB } from '../webhook.service';
import { startReceiver } from './receiver';

jest.setTimeout(120_000);

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext({ now: new Date() });
  admin = (await standardScenario(ctx)).tokens.admin;
});
afterAll(() => ctx.close());

const strict = { allowPrivate: false, allowHttp: false };

describe('addresses', () => {
  it('only public unicast addresses pass', () => {
    for (const a of ['127.0.0.1', '127.9.9.9', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.100.100.200', '0.0.0.0', '255.255.255.255', '224.0.0.1',
      '::1', '::', 'fe80::1', 'fd00:ec2::254', 'fc00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'ff02::1', 'not an address']) {
      expect([a, isPublicAddress(a)]).toEqual([a, false]);
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect([a, isPublicAddress(a)]).toEqual([a, true]);
  });

  it('refuses http, credentials, and hosts that resolve to non-public addresses (localhost included)', async () => {
    expect(() => checkUrlForm('http://example.com/hook', strict)).toThrow(UnsafeTargetError);
    expect(() => checkUrlForm('https://user:pw@example.com/hook', strict)).toThrow(UnsafeTargetError);
    expect(checkUrlForm('http://example.com/hook', { allowPrivate: false, allowHttp: true }).hostname).toBe('example.com');
    for (const url of ['https://localhost/hook', 'https://127.0.0.1/hook', 'https://[::1]/hook', 'https://169.254.169.254/latest/meta-data', 'https://10.0.0.8/', 'https://[::ffff:192.168.0.1]/']) {
      await expect(resolveTarget(new URL(url), strict)).rejects.toThrow(UnsafeTargetError);
    }
    expect(await resolveTarget(new URL('https://127.0.0.1/'), { allowPrivate: true, allowHttp: true })).toEqual({ address: '127.0.0.1', family: 4 });
  });

  it('the admin API refuses such endpoints with 400', async () => {
    for (const url of ['http://example.com/hook', 'https://localhost:8443/hook', 'https://127.0.0.1/hook', 'https://169.254.169.254/', 'https://[::1]/', 'https://192.168.1.10/hook']) {
      const res = await ctx.http.post('/api/admin/webhooks').set('authorization', `Bearer ${admin}`).send({ url, events: ['event.created'] });
      expect([url, res.status, res.body.code]).toEqual([url, 400, 'VALIDATION']);
    }
  });

  it('an endpoint that came to resolve to a private address is refused when sent to, and nothing reaches it', async () => {
    const r = await startReceiver();
    try {
      // Stored as if it had passed (a DNS answer that changed later): the send checks again.
      const [ep] = await ctx.db.dataSource.query(`INSERT INTO webhook_endpoints (url, event_types, secret) VALUES ($1, '{contact.created}', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw') RETURNING id`, [r.url().replace('http:', 'https:')]);
      await ctx.services.contacts.submit({ name: 'Probe', email: 'probe@example.com', phone: '9876543210', subject: 'Probe', message: 'Probe' });
      await ctx.services.jobs.runDue(WEBHOOK_JOB);
      expect(r.received).toHaveLength(0);
      const [d] = await ctx.db.dataSource.query(`SELECT status, error FROM webhook_deliveries WHERE endpoint_id = $1`, [ep.id]);
      expect(d.status).toBe('retrying');
      expect(d.error).toMatch(/^Refused: .*private, loopback/);
    } finally {
      await r.close();
    }
  });
});

describe('limits', () => {
  it('stops waiting at the timeout and reads at most 4 KB of an answer', async () => {
    const server = http.createServer((req, res) => {
      if (req.url === '/slow') return; // never answers
      res.writeHead(200);
      res.end('x'.repeat(100_000));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const target = { address: '127.0.0.1', family: 4 as const };
      const slow = await postPinned(new URL(`http://127.0.0.1:${port}/slow`), target, {}, '{}', 300);
      expect(slow).toMatchObject({ status: null, error: 'No answer within 0.3 s' });
      expect(slow.durationMs).toBeLessThan(1_500);
      const big = await postPinned(new URL(`http://127.0.0.1:${port}/big`), target, {}, '{}');
      expect(big.status).toBe(200);
      expect(big.body.length).toBe(RESPONSE_BODY_LIMIT);
      // Pinned: the request goes to the given address whatever the URL's host name says.
      const pinned = await postPinned(new URL(`http://hooks.invalid:${port}/big`), target, {}, '{}');
      expect(pinned.status).toBe(200);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
