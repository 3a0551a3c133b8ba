import path from 'node:path';
import { expect, test } from '@playwright/test';
import { waitForMail } from '../../support/mail';
import { STACK } from '../../support/stack-config.cjs';
import { expectNoAxeViolations } from '../a11y/a11y-helpers';
import { admin, signIn } from '../admin/admin-helpers';
import { createEventToday, createUserFrom, endEventNow, todayTooTight } from '../accounts/event-helpers';
import { adminToken, gql } from '../accounts/helpers';

const screenshotDir = path.resolve(STACK.dataDir, '..', 'artifacts', 'screenshots');
let ipCounter = Math.floor(Math.random() * 200);
const nextIp = () => `10.78.${Math.floor(ipCounter / 250) % 250}.${(ipCounter++ % 250) + 1}`;

test.describe('messages to an event\'s people @mobile', () => {
  test('an admin messages the attendees of a past event; the delivery shows as sent and the mail arrives', async ({ page, request }) => {
    test.setTimeout(180_000);
    const tight = todayTooTight(6);
    test.skip(tight !== null, tight ?? '');

    // An event with one person who came and one who did not; then it is over.
    const title = `E2E message ${Date.now().toString(36)}`;
    const eventId = await createEventToday(request, title, 6);
    const came = await createUserFrom(request, 'came', nextIp());
    const absent = await createUserFrom(request, 'absent', nextIp());
    for (const u of [came, absent]) await gql(request, 'mutation($id: ID!) { registerForEvent(eventId: $id) { message } }', { id: eventId }, u.token);
    const token = await adminToken(request);
    const checkIn = await request.post(`${STACK.apiUrl}/api/events/${eventId}/check-in`, { headers: { authorization: `Bearer ${token}` }, data: { userId: came.id } });
    expect(checkIn.status()).toBeLessThan(300);
    await endEventNow(request, eventId);

    await signIn(page);
    await page.goto(admin('/admin/messages/new'));
    await expect(page.getByRole('heading', { name: 'Write a message' })).toBeVisible();
    await page.getByLabel('Title contains').fill(title);
    await page.getByRole('checkbox', { name: new RegExp(title) }).check();
    await page.getByRole('radio', { name: /who attended/ }).check();
    await page.getByRole('textbox', { name: /Subject/ }).fill(`Thank you for coming to ${title}`);
    await page.getByRole('textbox', { name: /Text/ }).fill('Thank you for coming.\n\nThe slides are on our website.');
    await page.getByRole('tab', { name: /Hindi/ }).click();
    await page.getByRole('textbox', { name: /Subject/ }).fill('आने के लिए धन्यवाद');
    await page.getByRole('textbox', { name: /Text/ }).fill('आने के लिए धन्यवाद।');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByText('1 person · Service mail')).toBeVisible();
    await expectNoAxeViolations(page, 'compose with preview');
    await page.screenshot({ path: path.join(screenshotDir, `messages-compose-${test.info().project.name}.png`), fullPage: true });

    await page.getByRole('button', { name: 'Send…' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByText('1 person will receive it, each once.')).toBeVisible();
    await expect(dialog.getByText('Languages: English, Hindi.')).toBeVisible();
    await page.screenshot({ path: path.join(screenshotDir, `messages-confirm-${test.info().project.name}.png`) });
    await dialog.getByRole('button', { name: 'Send message' }).click();

    // The message's page: the one delivery turns to sent (the queue sends it); the mail is captured.
    await expect(page.getByRole('heading', { name: 'Deliveries' })).toBeVisible();
    const mail = await waitForMail(came.email, (m) => (m.subject ?? '').startsWith('Thank you for coming'), 30_000);
    expect(mail.text).toContain('The slides are on our website.');
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(page.getByRole('row', { name: new RegExp(came.email) }).getByText('Sent')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole('row', { name: new RegExp(absent.email) })).toHaveCount(0);
    await expectNoAxeViolations(page, 'message deliveries');
    await page.screenshot({ path: path.join(screenshotDir, `messages-deliveries-${test.info().project.name}.png`), fullPage: true });

    await page.goto(admin('/admin/messages'));
    await expect(page.getByRole('link', { name: `Deliveries of “Thank you for coming to ${title}”` })).toBeVisible();
    await page.screenshot({ path: path.join(screenshotDir, `messages-list-${test.info().project.name}.png`), fullPage: true });
  });
});
