// npm run contract: the REST contract checked by a tool we did not write. Starts the built API on the
// embedded database (a fresh temporary DATA_DIR, demo seed data), makes the records the calls need (an
// admin, a signed-up person, an approved teacher, events, a team member, a contact message), then
// Portman (@apideck/portman) turns GET /api/openapi.json into a Postman collection with
// contract/portman-config.json, and newman runs it:
//   - every operation once, its answer checked for status, content type, JSON body and schema;
//   - negative variations: required fields missing, numbers and lengths past their limits (Portman's
//     fuzzing of bodies and query parameters) and wrong types, each expected to answer a documented 400.
// Fails on any failed assertion, any 5xx, and any answer whose status the operation does not document.
//
//   npm run build -w api && npm run contract
//
// CONTRACT_PORT picks the API's port (default: a free one); CONTRACT_KEEP=1 keeps the temporary folder
// (the OpenAPI document, the generated collection, the newman report, the API's log).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeOf, waitForMail } from '../scripts/prod-shape/mail.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const require = createRequire(import.meta.url);
const apiMain = path.join(root, 'api/dist/main.js');
if (!existsSync(apiMain)) {
  console.error('api/dist/main.js is missing: build the API first (npm run build -w api)');
  process.exit(1);
}

const started = Date.now();
const log = (text) => console.log(`[contract ${((Date.now() - started) / 1000).toFixed(1)} s] ${text}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function freePort() {
  const server = net.createServer();
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address();
  await new Promise((r) => server.close(r));
  return port;
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'gj-contract-'));
const dataDir = path.join(tmp, 'data');
const outbox = path.join(dataDir, 'outbox');
const port = Number(process.env.CONTRACT_PORT || 0) || (await freePort());
const base = `http://127.0.0.1:${port}`;
const ADMIN = { email: 'contract-admin@example.org', password: `Contract-${randomBytes(6).toString('hex')}-1` };
const RUN = Date.now().toString(36);

const apiLog = path.join(tmp, 'api.log');
const fd = openSync(apiLog, 'a');
const api = spawn(process.execPath, [apiMain], {
  cwd: root,
  env: { PATH: process.env.PATH, DATA_DIR: dataDir, API_PORT: String(port), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: 'true', BCRYPT_COST: '10', LOG_LEVEL: 'warn', WEBHOOK_ALLOW_PRIVATE: 'true' },
  stdio: ['ignore', fd, fd],
});
closeSync(fd);

let exitCode = 1;
try {
  for (let i = 0; ; i++) {
    if (api.exitCode !== null) throw new Error(`the API exited:\n${readFileSync(apiLog, 'utf8').slice(-2_000)}`);
    if (await fetch(`${base}/readyz`).then((r) => r.ok, () => false)) break;
    if (i > 600) throw new Error('the API is not ready after 60 s');
    await sleep(100);
  }
  log(`API ready on ${base}`);

  // ---- Records for the calls ----
  const call = async (method, url, { token, json } = {}) => {
    const res = await fetch(base + url, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(json ? { 'content-type': 'application/json' } : {}) },
      body: json ? JSON.stringify(json) : undefined,
    });
    const body = await res.json().catch(() => null);
    if (!res.ok) throw new Error(`setup: ${method} ${url} answered ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  const adminToken = (await call('POST', '/api/admin/login', { json: ADMIN })).token;

  const userEmail = `contract-user-${RUN}@example.org`;
  const signUp = await call('POST', '/api/auth/register', { json: { name: 'Contract Person', email: userEmail, phone: '9876543210', category: 'graduate' } });
  const userCode = codeOf(await waitForMail(outbox, userEmail, (m) => /^\d{6}\b/.test(m.subject), 'sign-up code'));
  const user = await call('POST', '/api/auth/verify-otp', { json: { userId: signUp.userId, otp: userCode } });

  const teacherEmail = `contract-teacher-${RUN}@example.org`;
  const teacherPassword = `Teacher-${randomBytes(6).toString('hex')}-1`;
  const teacherSignUp = await call('POST', '/api/auth/registerWithoutOtp', {
    json: { name: 'Contract Teacher', email: teacherEmail, phone: '9876543211', area: 'Civil Lines', district: 'Prayagraj', schoolName: 'Contract School', password: teacherPassword },
  });
  await call('POST', '/api/users/update-status', { token: adminToken, json: { userIds: [teacherSignUp.userId], status: 'approved' } });
  const teacher = await call('POST', '/api/auth/loginWithPassword', { json: { email: teacherEmail, password: teacherPassword } });

  const newEvent = async (title) => {
    const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const created = await call('POST', '/api/events', { token: adminToken, json: { title, category: 'general', description: `${title} (contract test)`, date, time: '10:00', location: 'Prayagraj' } });
    return created.data.id;
  };
  // The event the collection registers for, reminds and checks in: made here, a month ahead, because a seeded
  // 'upcoming' event may already have started today (upcoming lists events until they end) and refuse them.
  const eventId = await newEvent(`Contract event ${RUN}`);
  // An event the person is registered for (their answers), one to repeat as a series, and a question set to delete.
  const answersEventId = await newEvent(`Contract answers ${RUN}`);
  await call('POST', `/api/events/${answersEventId}/register`, { token: user.token, json: {} });
  const eventToRepeat = await newEvent(`Contract series ${RUN}`);
  const questionSetToDelete = (await call('POST', '/api/admin/question-sets', { token: adminToken, json: { name: `Contract set ${RUN}`, questions: [{ type: 'text', label: 'School' }] } })).data.id;
  const eventToDelete = await newEvent(`Contract delete ${RUN}`);
  const eventToCancel = await newEvent(`Contract cancel ${RUN}`);
  const userToDelete = (await call('POST', '/api/auth/users', { token: adminToken, json: { name: 'Contract Removed', email: `contract-removed-${RUN}@example.org`, phone: '9876543212', category: 'graduate', password: 'Removed-Password-1' } })).data.id;
  // An account the admin changes (its password too, which signs it out), apart from the person signed in.
  const userToEdit = (await call('POST', '/api/auth/users', { token: adminToken, json: { name: 'Contract Edited', email: `contract-edited-${RUN}@example.org`, phone: '9876543214', category: 'graduate', password: 'Edited-Password-1' } })).data.id;
  const team = await call('GET', '/api/team');
  const teamId = (team.data ?? team)[0]._id ?? (team.data ?? team)[0].id;
  // An image for the team member (a member needs one): a small PNG drawn with the API's sharp.
  const sharp = createRequire(path.join(root, 'api/package.json'))('sharp');
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#9a3412' } }).png().toBuffer();
  const form = new FormData();
  form.append('image', new Blob([png], { type: 'image/png' }), 'contract.png');
  const uploaded = await fetch(`${base}/api/uploads`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` }, body: form }).then((r) => r.json());
  const imageKey = uploaded.data?.key ?? uploaded.data?.imageKey;
  if (!imageKey) throw new Error(`setup: the upload answered ${JSON.stringify(uploaded)}`);
  const teamToDelete = (await call('POST', '/api/team', { token: adminToken, json: { name: 'Contract Member', designation: 'Volunteer', description: 'Removed by the contract run', imageKey } })).data._id;
  // Integrators: a key to revoke; webhook endpoints (on a closed local port: deliveries fail and wait to
  // retry) to change, to delete, and one with a delivery (a contact message sent after it was made).
  const hookUrl = 'http://127.0.0.1:9/contract-hook';
  const apiKeyToRevoke = (await call('POST', '/api/admin/api-keys', { token: adminToken, json: { name: `Contract key ${RUN}`, scopes: ['events:read'] } })).data.id;
  const newHook = async (events) => (await call('POST', '/api/admin/webhooks', { token: adminToken, json: { url: hookUrl, events } })).data.id;
  const webhookId = await newHook(['contact.created']);
  const webhookToDelete = await newHook(['event.created']);
  const contactId = (await call('POST', '/api/contact', { json: { name: 'Contract Sender', email: `contract-sender-${RUN}@example.org`, phone: '9876543213', subject: 'Contract', message: 'A message for the contract run.' } })).data.id;

  // Messages: scheduled a day ahead (a message to be sent now needs people in it), one to read, one to cancel.
  const messageSendAt = new Date(Date.now() + 86_400_000).toISOString();
  const newMessage = async (subject) => (await call('POST', '/api/admin/messages', { token: adminToken, json: { subject, text: 'Contract.', eventIds: [eventId], segment: 'registered', sendAt: messageSendAt } })).id;
  const messageId = await newMessage(`Contract message ${RUN}`);
  const messageToCancel = await newMessage(`Contract cancel ${RUN}`);

  const deliveries = await call('GET', `/api/admin/webhooks/${webhookId}/deliveries`, { token: adminToken });
  const deliveryId = deliveries.data[0]?.id;
  if (!deliveryId) throw new Error(`setup: no webhook delivery planned for the contact message (${JSON.stringify(deliveries)})`);

  const variables = {
    apiKeyToRevoke,
    webhookId,
    webhookToDelete,
    deliveryId,
    messageId,
    messageToCancel,
    messageSendAt,
    hookUrl,
    baseUrl: base,
    adminToken,
    userToken: user.token,
    userId: signUp.userId,
    userEmail,
    teacherToken: teacher.token,
    teacherEmail,
    teacherPassword,
    eventId,
    answersEventId,
    eventToRepeat,
    questionSetToDelete,
    eventToDelete,
    eventToCancel,
    userToDelete,
    userToEdit,
    userToEditEmail: `contract-edited-${RUN}@example.org`,
    teamId,
    teamToDelete,
    contactId,
    imageKey,
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    run: RUN,
  };
  log('records made: an admin, a person, an approved teacher, six events (one with the person registered), a question set, a team member, a contact message, an API key, two webhook endpoints and a delivery, two scheduled messages');

  // ---- Portman: the collection from the served document ----
  const doc = await (await fetch(`${base}/api/openapi.json`)).json();
  const docFile = path.join(tmp, 'openapi.json');
  writeFileSync(docFile, JSON.stringify(doc));
  const config = JSON.parse(readFileSync(path.join(here, 'portman-config.json'), 'utf8'));
  // Each operation signs in as its access level asks (the document's x-access): a person, an approved
  // teacher or an admin; public ones send no token.
  const byAccess = { user: [], teacher: [], admin: [] };
  const operations = [];
  for (const [p, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      operations.push({ method: method.toUpperCase(), path: p, op, pattern: new RegExp(`^${p.replace(/\{[^}]+\}/g, '[^/]+').replace(/\./g, '\\.')}$`) });
      if (byAccess[op['x-access']]) byAccess[op['x-access']].push(op.operationId);
    }
  }
  config.overwrites = [
    ...Object.entries(byAccess).map(([access, ids]) => ({ openApiOperationIds: ids, overwriteRequestSecurity: { bearer: { token: `{{${access}Token}}` } } })),
    ...(config.overwrites ?? []),
  ];
  config.globals = { ...(config.globals ?? {}), collectionVariables: { ...(config.globals?.collectionVariables ?? {}), ...variables } };
  const configFile = path.join(tmp, 'portman-config.json');
  writeFileSync(configFile, JSON.stringify(config, null, 2));
  const collectionFile = path.join(tmp, 'collection.json');
  const portman = spawn(process.execPath, [require.resolve('@apideck/portman/bin/portman'), '-l', docFile, '-b', base, '-c', configFile, '-o', collectionFile, '--collectionName', 'Gyan Jyoti REST contract'], { cwd: tmp, stdio: ['ignore', 'pipe', 'pipe'] });
  let portmanOut = '';
  portman.stdout.on('data', (d) => (portmanOut += d));
  portman.stderr.on('data', (d) => (portmanOut += d));
  const portmanCode = await new Promise((r) => portman.on('exit', r));
  if (portmanCode !== 0 || !existsSync(collectionFile)) throw new Error(`portman failed (${portmanCode}):\n${portmanOut.slice(-3_000)}`);
  const skipped = portmanOut.split('\n').filter((l) => /skipped/i.test(l));
  if (skipped.length) throw new Error(`Portman skipped checks:\n${skipped.join('\n')}`);
  log('collection generated');

  // ---- newman ----
  const newman = require('newman');
  const summary = await new Promise((resolve, reject) => {
    newman.run({ collection: JSON.parse(readFileSync(collectionFile, 'utf8')), reporters: [], timeoutRequest: 15_000 }, (err, s) => (err ? reject(err) : resolve(s)));
  });
  const executions = summary.run.executions;
  const cases = executions.length;
  const assertions = executions.reduce((n, e) => n + (e.assertions?.length ?? 0), 0);
  const problems = [];
  for (const e of executions) {
    const name = `${e.item.name} [${e.request.method} ${e.request.url.getPath()}]`;
    const status = e.response?.code;
    if (!e.response) {
      problems.push(`${name}: no answer (${e.requestError?.message ?? 'request error'})`);
      continue;
    }
    if (status >= 500) problems.push(`${name}: ${status} ${e.response.stream?.toString().slice(0, 300)}`);
    const op = operations.find((o) => o.method === e.request.method && o.pattern.test(e.request.url.getPath()));
    if (!op) problems.push(`${name}: no operation of the document matches`);
    else if (!op.op.responses[String(status)] && !(status >= 500 && op.op.responses['5XX'])) problems.push(`${name}: answered ${status}, which ${op.method} ${op.path} does not document (${Object.keys(op.op.responses).join(', ')})`);
    for (const a of e.assertions ?? []) if (a.error) problems.push(`${name}: ${a.assertion}: ${a.error.message.slice(0, 300)} (answered ${status}: ${e.response.stream?.toString().slice(0, 200)})`);
  }
  const fivexx = executions.filter((e) => e.response?.code >= 500).length;
  writeFileSync(path.join(tmp, 'problems.txt'), problems.join('\n'));
  log(`${cases} requests (${operations.length} operations, the rest negative variations), ${assertions} assertions; ${problems.length} problems, ${fivexx} 5xx`);
  for (const p of problems.slice(0, 200)) console.log(`  ✗ ${p}`);
  exitCode = problems.length ? 1 : 0;
} catch (err) {
  console.error(err);
  console.log(`--- API log:\n${readFileSync(apiLog, 'utf8').slice(-2_000)}`);
} finally {
  api.kill('SIGTERM');
  await new Promise((r) => (api.exitCode !== null ? r() : api.on('exit', r)));
  if (process.env.CONTRACT_KEEP === '1') console.log(`kept ${tmp}`);
  else rmSync(tmp, { recursive: true, force: true });
}
log(exitCode ? 'FAILED' : 'passed');
process.exit(exitCode);
