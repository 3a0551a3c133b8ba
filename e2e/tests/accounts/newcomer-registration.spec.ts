import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { mailsTo, waitForCode } from '../../support/mail';
import { STACK } from '../../support/stack-config.cjs';
import { adminGql } from '../admin/admin-helpers';
import { createUser, createUserWithoutCode, gql, signInWithToken } from './helpers';

/** India's date some days from now, as the admin form takes it. */
const indiaDay = (days: number) => new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);

async function createEvent(request: Parameters<typeof adminGql>[0], title: string, maxParticipants: number): Promise<string> {
  const { createEvent } = await adminGql<{ createEvent: { id: string } }>(
    request,
    'mutation($input: EventInput!) { createEvent(input: $input) { id } }',
    { input: { title, category: 'GENERAL', description: `${title}: a newcomer's journey`, date: indiaDay(6), time: '17:00', location: 'Civil Lines', maxParticipants } },
  );
  return createEvent.id;
}

/** Screenshots at 390 px and 1280 px with `part` in view (kept with the others under e2e/artifacts/screenshots). */
async function shotsOf(page: Page, name: string, part: Locator) {
  const original = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const [width, height] of [
    [390, 844],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await part.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.resolve(STACK.dataDir, '..', 'artifacts', 'screenshots', `accounts-${name}-${width}.png`) });
  }
  await page.setViewportSize(original);
}

/** Issue 24: what a newcomer trips on, items 2, 6 and 7, in the browser. */
test.describe('a newcomer registering', () => {
  // Two accounts, mail, the offer job and pages in two languages: more than the default minute on a busy machine.
  test.describe.configure({ timeout: 150_000 });

  test('@mobile Register Now signed out: signing in with the mailed code comes back to the event, Register Now in focus, one tap away', async ({ page, request }) => {
    const eventId = await createEvent(request, 'E2E back to the event', 5);
    const account = await createUserWithoutCode(request, 'back');

    await page.goto(`/events/${eventId}`);
    await page.getByRole('button', { name: 'Register Now' }).click();
    await expect(page.getByRole('alert')).toContainText('You must be logged in to register.');
    await page.getByRole('alert').getByRole('link', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await page.getByLabel('Email').fill(account.email);
    const before = mailsTo(account.email).length;
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByLabel('OTP').fill(await waitForCode(account.email, before));
    await page.getByRole('button', { name: 'Verify OTP' }).click();

    // Back on the event, not on "Go to My Profile / Browse events".
    await expect(page).toHaveURL(new RegExp(`/events/${eventId}#register$`));
    await expect(page.getByText('You are signed in. One more tap to register for this event:')).toBeVisible();
    const register = page.getByRole('button', { name: 'Register Now' });
    await expect(register).toBeFocused();
    await shotsOf(page, 'newcomer-back-to-event', register);
    await expect(register).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Successfully registered for the event!')).toBeVisible();
    await expect(page.getByRole('button', { name: /Registered/ })).toBeDisabled();
  });

  test('Unregister asks first and says the place goes to the next person waiting; the page then says the place is held', async ({ page, request }) => {
    const eventId = await createEvent(request, 'E2E one seat, people waiting', 1);
    const seat = await createUser(request, 'seat');
    const waiting = await createUser(request, 'waiting');
    await gql(request, 'mutation($id: ID!) { registerForEvent(eventId: $id) { message } }', { id: eventId }, seat.token);
    await gql(request, 'mutation($id: ID!) { joinWaitlist(eventId: $id) { position } }', { id: eventId }, waiting.token);

    await signInWithToken(page, seat.token);
    // In Hindi first: the question and what happens to the place.
    await page.goto(`/events/${eventId}?lang=hi`);
    await page.getByRole('button', { name: 'पंजीकरण रद्द करें' }).click();
    const hindiDialog = page.getByRole('dialog', { name: 'क्या आप इस कार्यक्रम से पंजीकरण रद्द करना चाहते हैं?' });
    await expect(hindiDialog).toContainText('आपकी जगह प्रतीक्षा सूची में अगले व्यक्ति को दे दी जाएगी।');
    await shotsOf(page, 'unregister-confirm-hi', hindiDialog);
    await page.keyboard.press('Escape');
    await expect(hindiDialog).toBeHidden();

    await page.goto(`/events/${eventId}?lang=en`);
    const unregister = page.getByRole('button', { name: 'Unregister' });
    await expect(unregister).toBeEnabled();
    await unregister.click();
    const dialog = page.getByRole('dialog', { name: 'Unregister from this event?' });
    await expect(dialog).toContainText('Your place will be offered to the next person on the waitlist.');
    await expect(dialog.getByRole('button', { name: 'Keep my place' })).toBeFocused();
    await shotsOf(page, 'unregister-confirm', dialog);
    // Keeping it changes nothing.
    await dialog.getByRole('button', { name: 'Keep my place' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: /Registered/ })).toBeDisabled();

    await unregister.click();
    await dialog.getByRole('button', { name: 'Yes, unregister' }).click();
    await expect(page.getByText('You are no longer registered. Your place has been offered to the next person on the waitlist.')).toBeVisible();

    // The offer is made (the worker's job); the public page then says the place is held, not just "full".
    await expect
      .poll(async () => (await gql<{ event: { offeredCount: number } }>(request, 'query($id: ID!) { event(id: $id) { offeredCount } }', { id: eventId })).event.offeredCount, { timeout: 20_000 })
      .toBe(1);
    await page.reload();
    await expect(page.getByTestId('held')).toHaveText('1 place held for someone from the waitlist');
    await expect(page.getByText(/^No place is free right now: the last one is held for the next person on the waitlist/)).toBeVisible();
    await expect(page.getByText('This event is full.')).toHaveCount(0);
    await shotsOf(page, 'place-held', page.getByTestId('held'));
    await page.goto(`/events/${eventId}?lang=hi`);
    await expect(page.getByTestId('held')).toHaveText('1 जगह प्रतीक्षा सूची के व्यक्ति के लिए रखी गई है');
    await shotsOf(page, 'place-held-hi', page.getByTestId('held'));
    await page.goto(`/events/${eventId}?lang=en`);
  });
});
