import path from 'node:path';
import { expect, test } from '@playwright/test';
import { STACK } from '../../support/stack-config.cjs';
import { createUserFrom, hhmm, indiaNow, todayTooTight } from '../accounts/event-helpers';
import { gql } from '../accounts/helpers';
import { admin, signIn } from './admin-helpers';

const screenshotDir = path.resolve(STACK.dataDir, '..', 'artifacts', 'screenshots');
let ipCounter = Math.floor(Math.random() * 200);
const nextIp = () => `10.78.${Math.floor(ipCounter / 250) % 250}.${(ipCounter++ % 250) + 1}`;

test.describe('events with several sessions', () => {
  test('an admin creates a three-session event in the form, and checks someone in at session 2', async ({ page, request }) => {
    test.setTimeout(150_000);
    const tight = todayTooTight(200);
    test.skip(tight !== null, tight ?? '');
    const now = indiaNow();
    const at = (minutes: number) => hhmm(now.minutes + minutes);
    const title = `E2E three sessions ${Date.now().toString(36)}`;

    await signIn(page);
    await page.goto(admin('/admin/events/new'));
    await page.getByLabel(/^Title/).first().fill(title);
    await page.getByLabel(/^Description/).first().fill('A course of three sessions, written by an end-to-end test.');
    await page.getByLabel(/^Location/).first().fill('Civil Lines, Prayagraj');
    await page.getByLabel(/^Category/).selectOption('GENERAL');
    await page.locator('#event-date').fill(now.date);
    await page.locator('#event-time').fill(at(60));

    // The one session becomes the first row; then two more.
    await page.getByRole('button', { name: 'Add sessions' }).click();
    await page.getByRole('button', { name: 'Add a session' }).click();
    const rows = page.getByRole('listitem').filter({ has: page.getByText(/^Session \d$/) });
    await expect(rows).toHaveCount(3);
    await page.locator('#event-sessions-0-endTime').fill(at(90));
    await page.locator('#event-sessions-1-time').fill(at(100));
    await page.locator('#event-sessions-1-endTime').fill(at(130));
    await page.locator('#event-sessions-1-title').fill('Second session');
    await page.locator('#event-sessions-2-date').fill(now.date);
    await page.locator('#event-sessions-2-time').fill(at(140));
    await page.locator('#event-sessions-2-endTime').fill(at(170));
    await page.locator('#event-certificateMinSessions').fill('2');
    await page.screenshot({ path: path.join(screenshotDir, 'admin-event-sessions-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(screenshotDir, 'admin-event-sessions-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Create Event' }).click();
    await expect(page).toHaveURL(/\/admin\/events\/view\//);
    const eventId = page.url().split('/').pop()!;

    // Someone registers (once, for the whole event).
    const user = await createUserFrom(request, 'sessions', nextIp());
    await gql(request, 'mutation($id: ID!) { registerForEvent(eventId: $id) { message } }', { id: eventId }, user.token);

    // The door picks session 2 and checks the person in by name.
    await page.goto(admin(`/admin/events/${eventId}/check-in`));
    const picker = page.getByRole('combobox', { name: 'Session' });
    await expect(picker).toBeVisible();
    await picker.selectOption({ index: 1 });
    await page.getByRole('searchbox').fill(user.name.slice(0, 12));
    await page.getByRole('button', { name: new RegExp(`Check in ${user.name}`) }).click();
    const result = page.getByTestId('check-in-result');
    await expect(result).toContainText('Checked in');
    await expect(result.locator('.check-in-name')).toHaveText(user.name);
    await page.screenshot({ path: path.join(screenshotDir, 'admin-check-in-session-1280.png'), fullPage: true });

    // The API keeps the attendance at session 2 only.
    const event = (await (await request.get(`${STACK.apiUrl}/api/events/${eventId}`)).json()).data as { sessions: { id: string; title: string | null }[] };
    expect(event.sessions).toHaveLength(3);
    expect(event.sessions[1].title).toBe('Second session');

    // The public page lists the sessions.
    await page.goto(`${STACK.publicUrl}/events/${eventId}`);
    await expect(page.getByRole('heading', { name: 'Sessions', exact: true })).toBeVisible();
    await expect(page.getByText('Second session')).toBeVisible();
    await page.screenshot({ path: path.join(screenshotDir, 'public-event-sessions-1280.png'), fullPage: true });
  });
});
