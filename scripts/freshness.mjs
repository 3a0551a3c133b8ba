// How soon an edit made through the API shows in the pages the site serves (issue 22: within 1 s).
// Used by scripts/freshness.test.mjs (the dev shape: one API on the embedded database and the site
// server, as npm start runs them) and by scripts/prod-shape.test.mjs (nginx over two page servers and
// two API replicas on Postgres).
//
// Each edit is made through GraphQL (as the admin portal makes it); the clock starts when the API has
// answered (the write is committed) and stops when the served HTML (read through `site`, as a reader
// or a link preview reads it) shows it: the event page's <title> and og:title, and every other page
// that showed the old text before the edit. Pages are read every 10 ms, for at most `limitMs` * 3.
import assert from 'node:assert/strict';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const escapeHtml = (value) => String(value).replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
const ogTitle = (html) => /<meta property="og:title" content="([^"]*)"/.exec(html)?.[1] ?? null;

async function gql(base, query, variables, token) {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  if (body.errors) throw new Error(`${query.slice(0, 60)}: ${JSON.stringify(body.errors).slice(0, 300)}`);
  return body.data;
}

async function page(site, url) {
  const res = await fetch(site + url, { headers: { 'accept-encoding': 'gzip, br' } });
  return { status: res.status, html: await res.text() };
}

/**
 * Reads each of `urls` (each on its own, as separate readers would) until `done(url, html)` holds; the
 * delay in ms from `since` until the last of them showed it.
 */
async function until(site, urls, done, since, limitMs) {
  const one = async (url) => {
    for (;;) {
      if (done(url, (await page(site, url)).html)) return performance.now() - since;
      if (performance.now() - since > limitMs * 3) throw new Error(`${url} still stale after ${Math.round(performance.now() - since)} ms`);
      await sleep(10);
    }
  };
  return Math.max(...(await Promise.all(urls.map(one))));
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * `edits` title edits of one event, then a new event, a cancellation, a deletion and (when the team page
 * shows its members' names) a team member's new name. `api`: where edits are made (the site's origin
 * works); `siteName(lang)`: the site's name, for the <title> an event page has.
 */
export async function measureFreshness({ site, api, token, siteName, edits = 50, limitMs = 1_000, log = console.log }) {
  const { createEvent: event } = await gql(
    api,
    'mutation C($input: EventInput!) { createEvent(input: $input) { id title } }',
    { input: { title: `Freshness ${Date.now().toString(36)}`, category: 'GENERAL', description: 'Edited by the freshness test', date: dateInDays(20), time: '10:00', location: 'Prayagraj' } },
    token,
  );
  const eventUrl = `/events/${event.id}`;
  const titleOf = (title) => `${title} | ${siteName}`;
  // The event's page shows its title; so may home and the events page (then they must follow too).
  await until(site, [eventUrl], (_, html) => ogTitle(html) === escapeHtml(titleOf(event.title)), performance.now(), 5_000);
  let title = event.title;
  const delays = [];
  // Lists that show the event (home's carousel, the events page, when the build draws them with data) must follow too.
  const lists = [];
  for (const url of ['/', '/events']) if ((await page(site, url)).html.includes(escapeHtml(title))) lists.push(url);
  let writing = 0;
  const started = performance.now();
  for (let i = 1; i <= edits; i++) {
    const next = `${event.title} edit ${i}`;
    const writeStart = performance.now();
    await gql(api, 'mutation U($id: ID!, $input: EventUpdateInput!) { updateEvent(id: $id, input: $input) { id } }', { id: event.id, input: { title: next } }, token);
    const since = performance.now();
    writing += since - writeStart;
    const urls = [eventUrl, ...lists];
    delays.push(await until(site, urls, (url, html) => (url === eventUrl ? ogTitle(html) === escapeHtml(titleOf(next)) && html.includes(`<title>${escapeHtml(titleOf(next))}</title>`) : html.includes(escapeHtml(next)) && !html.includes(`${escapeHtml(title)}<`)), since, limitMs));
    title = next;
  }
  const editsTook = performance.now() - started;
  const others = {};
  // A new event: its page (and link preview) is there at once, even if its address was asked for before.
  const { createEvent: fresh } = await gql(api, 'mutation C($input: EventInput!) { createEvent(input: $input) { id title } }', { input: { title: `Freshness new ${Date.now().toString(36)}`, category: 'GENERAL', description: 'New', date: dateInDays(21), time: '11:00', location: 'Naini' } }, token);
  let since = performance.now();
  others.created = await until(site, [`/events/${fresh.id}`], (_, html) => ogTitle(html) === escapeHtml(titleOf(fresh.title)), since, limitMs);
  // A cancellation: the page says so (its data changed: the page is drawn again).
  const cancelledBefore = (await page(site, eventUrl)).html;
  await gql(api, 'mutation X($id: ID!) { cancelEvent(id: $id) { id cancelled } }', { id: event.id }, token);
  since = performance.now();
  const saysCancelled = (html) => /"cancelled":true|This event has been cancelled|>Cancelled</.test(html);
  assert.ok(!saysCancelled(cancelledBefore), 'the event page does not say cancelled before the cancellation');
  others.cancelled = await until(site, [eventUrl], (_, html) => saysCancelled(html), since, limitMs);
  // A deletion: the page no longer shows it, nor its preview.
  await gql(api, 'mutation D($id: ID!) { deleteEvent(id: $id) { success } }', { id: fresh.id }, token);
  since = performance.now();
  others.deleted = await until(site, [`/events/${fresh.id}`], (_, html) => !html.includes(escapeHtml(fresh.title)), since, limitMs);
  // A team member's new name, where the team page is drawn with its members.
  const { teamMembers } = await gql(api, '{ teamMembers { id name } }', {}, token);
  const member = teamMembers?.[0];
  if (member && (await page(site, '/teams')).html.includes(escapeHtml(member.name))) {
    const name = `${member.name} (freshness)`;
    await gql(api, 'mutation T($id: ID!, $input: TeamMemberUpdateInput!) { updateTeamMember(id: $id, input: $input) { id } }', { id: member.id, input: { name } }, token);
    since = performance.now();
    others.team = await until(site, ['/teams'], (_, html) => html.includes(escapeHtml(name)), since, limitMs);
    await gql(api, 'mutation T($id: ID!, $input: TeamMemberUpdateInput!) { updateTeamMember(id: $id, input: $input) { id } }', { id: member.id, input: { name: member.name } }, token);
  } else {
    others.team = 'not measured: the team page is not drawn with its members by this build';
  }
  const result = { edits: delays.length, median: median(delays), worst: Math.max(...delays), others };
  const ms = (x) => (typeof x === 'number' ? `${x.toFixed(0)} ms` : x);
  log(`freshness: ${delays.length} title edits shown in the served page and its og:title${lists.length ? ` (and ${lists.join(', ')})` : ''} after median ${ms(result.median)}, worst ${ms(result.worst)}; new event ${ms(others.created)}, cancellation ${ms(others.cancelled)}, deletion ${ms(others.deleted)}, team member ${ms(others.team)} (the ${delays.length} edits took ${(editsTook / 1000).toFixed(1)} s, ${ms(writing / delays.length)} per write on average)`);
  assert.ok(result.worst <= limitMs, `worst delay ${result.worst.toFixed(0)} ms is over ${limitMs} ms`);
  for (const [what, delay] of Object.entries(others)) if (typeof delay === 'number') assert.ok(delay <= limitMs, `${what}: ${delay.toFixed(0)} ms is over ${limitMs} ms`);
  return result;
}

function dateInDays(days) {
  return new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);
}
