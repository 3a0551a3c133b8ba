import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { STACK } from '../../support/stack-config.cjs';
import { createUserFrom, indiaNow } from '../accounts/event-helpers';
import { gql, signInWithToken } from '../accounts/helpers';
import { expectNoAxeViolations } from '../a11y/a11y-helpers';
import { admin, adminGql, signIn } from '../admin/admin-helpers';

/**
 * The programme screens at a phone's width (390 px) and 1280 px, for a person to look at: the door's
 * session picker, the public page's sessions (signed out, and a registrant with a session's own link),
 * My events with attendance per session, the Repeat dialog, a series date's edit page, and the event form
 * with sessions (the event's own date fields hidden, a link per session; axe-checked). Runs only with
 * SCREENS_DIR set (where the pictures go):
 *
 *   cd e2e && SCREENS_DIR=$PWD/artifacts/screens E2E_PORT_OFFSET=<yours> npx playwright test programme-screens --project=desktop
 */
const DIR = process.env.SCREENS_DIR;
test.skip(!DIR, 'screenshots: set SCREENS_DIR to take them');

const SESSION_LINK = 'https://meet.jit.si/e2e-hybrid-session-two';
let ipCounter = Math.floor(Math.random() * 200);
const nextIp = () => `10.82.${Math.floor(ipCounter / 250) % 250}.${(ipCounter++ % 250) + 1}`;
const indiaDay = (days: number) => new Date(Date.now() + 5.5 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

async function shoot(page: Page, name: string, widths: number[] = [390]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(DIR!, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('programme screens at 390 px', async ({ page, browser, request }) => {
  test.setTimeout(420_000);
  test.skip(indiaNow().minutes < 5, 'India time is before 00:05');
  const stamp = Date.now().toString(36);
  // A hybrid course: three sessions next week (so that people can register), the second online.
  const later = [
    { date: indiaDay(10), time: '10:00', endTime: '12:00', title: 'Opening in the hall', titleHi: 'हॉल में उद्घाटन' },
    { date: indiaDay(11), time: '10:00', endTime: '12:00', title: 'Online practice', titleHi: 'ऑनलाइन अभ्यास', meetingLink: SESSION_LINK },
    { date: indiaDay(12), time: '10:00', endTime: '13:00', location: 'DIET, Prayagraj' },
  ];
  const { createEvent } = await adminGql<{ createEvent: { id: string; sessions: { id: string }[] } }>(
    request,
    'mutation($input: EventInput!) { createEvent(input: $input) { id sessions { id } } }',
    { input: { title: `Hybrid course ${stamp}`, titleHi: `हाइब्रिड पाठ्यक्रम ${stamp}`, category: 'PRIMARY', description: 'Three sessions: two in the hall, one online.', date: later[0].date, time: '10:00', location: 'Civil Lines, Prayagraj', sessions: later } },
  );
  const eventId = createEvent.id;
  const user = await createUserFrom(request, 'screens', nextIp());
  await gql(request, 'mutation($id: ID!) { registerForEvent(eventId: $id) { message } }', { id: eventId }, user.token);

  // The public page, signed out: the sessions, "Online" beside the second, no link.
  await page.goto(`${STACK.publicUrl}/events/${eventId}`);
  await expect(page.getByRole('heading', { name: 'Sessions', exact: true })).toBeVisible();
  expect(await page.content()).not.toContain('e2e-hybrid-session-two');
  await shoot(page, 'public-event-sessions', [390, 1280]);

  // Signed in as the registrant: the session's own link is shown.
  const reader = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const readerPage = await reader.newPage();
  await signInWithToken(readerPage, user.token);
  await readerPage.goto(`${STACK.publicUrl}/events/${eventId}`);
  await expect(readerPage.getByRole('heading', { name: 'Join online' })).toBeVisible();
  await expect(readerPage.getByText(SESSION_LINK).first()).toBeVisible();
  await shoot(readerPage, 'public-event-sessions-registrant', [390, 1280]);

  // The course begins: session 1 ran this morning, session 2 is later today, session 3 tomorrow (the same ids).
  const ids = createEvent.sessions.map((s) => s.id);
  await adminGql(request, 'mutation($id: ID!, $input: EventUpdateInput!) { updateEvent(id: $id, input: $input) { id } }', {
    id: eventId,
    input: { sessions: [{ ...later[0], id: ids[0], date: indiaDay(0), time: '00:01', endTime: '00:02' }, { ...later[1], id: ids[1], date: indiaDay(0), time: '00:03', endTime: '23:59' }, { ...later[2], id: ids[2], date: indiaDay(1) }] },
  });

  // The door, on a phone: the session picker.
  await signIn(page);
  await page.goto(admin(`/admin/events/${eventId}/check-in`));
  const picker = page.getByRole('combobox', { name: 'Session' });
  await expect(picker).toBeVisible();
  await picker.selectOption({ index: 0 });
  await adminGql(request, 'mutation($e: ID!, $u: ID!, $s: ID!) { checkIn(eventId: $e, userId: $u, sessionId: $s) { sessionId } }', { e: eventId, u: user.id, s: ids[0] });
  await shoot(page, 'admin-check-in-session-picker', [390, 1280]);

  // My events: attended session 1 of 3.
  await readerPage.goto(`${STACK.publicUrl}/my-events`);
  await expect(readerPage.getByRole('heading', { name: /Attended 1 of 3 sessions/ })).toBeVisible();
  await shoot(readerPage, 'my-events-session-attendance', [390, 1280]);
  await reader.close();

  // The event form with sessions: the event's own dates hidden (the sessions give them), a link per session.
  await page.goto(admin(`/admin/events/edit/${eventId}`));
  await expect(page.getByTestId('event-dates-from-sessions')).toBeVisible();
  await expect(page.locator('#event-sessions-1-meetingLink')).toHaveValue(SESSION_LINK);
  await expect(page.locator('#event-date')).toHaveCount(0);
  await expectNoAxeViolations(page, '/admin/events/edit (sessions with links)');
  await shoot(page, 'admin-event-form-sessions', [390, 1280]);

  // The Repeat dialog, and a series date's edit page.
  const { createEvent: single } = await adminGql<{ createEvent: { id: string } }>(request, 'mutation($input: EventInput!) { createEvent(input: $input) { id } }', {
    input: { title: `Weekly parents meeting ${stamp}`, description: 'Every Saturday of the term', category: 'GENERAL', date: indiaDay(20), time: '17:00', location: 'Mission Centre, Kareli, Prayagraj' },
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(admin(`/admin/events/view/${single.id}`));
  await page.getByRole('button', { name: 'Repeat' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Repeat this event' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/Number of dates/).fill('4');
  await page.screenshot({ path: path.join(DIR!, 'admin-repeat-dialog-390.png') });
  await dialog.getByRole('button', { name: 'Create dates' }).click();
  await expect(page.getByText('3 dates created')).toBeVisible();
  const { event } = await adminGql<{ event: { seriesDates: { id: string }[] } }>(request, 'query($id: ID!) { event(id: $id) { seriesDates { id } } }', { id: single.id });
  await page.goto(admin(`/admin/events/edit/${event.seriesDates[0].id}`));
  await expect(page.getByRole('group', { name: 'Apply the changes to' })).toBeVisible();
  await shoot(page, 'admin-series-edit', [390, 1280]);
});
