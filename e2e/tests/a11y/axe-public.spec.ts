import { expect, test, type Page } from '@playwright/test';
import { createUser, signInWithToken } from '../accounts/helpers';
import { anyEventId, approvedTeacherToken, eventsWithAttendance, expectNoAxeViolations } from './a11y-helpers';

/** Opens a page and waits until its main heading is shown and nothing is loading any more. */
async function open(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test.describe('accessibility of the public site (axe, every rule) @mobile', () => {
  /** Every page a signed-out visitor can open (the event page with a demo event). */
  const signedOutPages = (eventId: string) => ['/', '/about', '/contact', '/events', `/events/${eventId}`, '/teams', '/registration', '/login', '/register', '/verify-otp', '/add-student', '/reminders/stop?token=x', '/news/stop?token=x', '/feedback/x', '/certificates/ABCD-EFGH-JKLM-NPQR', '/no-such-page'];

  test('signed-out pages', async ({ page, request }) => {
    // Fourteen pages, each with every axe rule.
    test.setTimeout(240_000);
    for (const url of signedOutPages(await anyEventId(request))) {
      await open(page, url);
      await expectNoAxeViolations(page, url);
    }
  });

  test('signed-out pages in Hindi', async ({ page, request }) => {
    test.setTimeout(240_000);
    await page.addInitScript(() => window.localStorage.setItem('lang', 'hi'));
    for (const url of signedOutPages(await anyEventId(request))) {
      await open(page, url);
      await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
      await expectNoAxeViolations(page, `${url} (hi)`);
    }
  });

  test('the registration dialog, open', async ({ page }) => {
    await open(page, '/registration');
    await page.getByRole('button', { name: 'Register for Graduates & Above' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register for Graduates & Above' });
    await expect(dialog.getByLabel('Full name')).toBeFocused();
    await expectNoAxeViolations(page, 'registration dialog');
    // The validation message state as well.
    await dialog.getByRole('button', { name: 'Send OTP' }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(page, 'registration dialog with an error');
  });

  test('the teacher sign-in dialog on the add-student gate', async ({ page }) => {
    await open(page, '/add-student');
    await page.getByRole('button', { name: 'Login / Register' }).click();
    await expect(page.getByRole('dialog', { name: 'Teacher Login' })).toBeVisible();
    await expectNoAxeViolations(page, 'teacher login dialog');
  });

  test('signed-in pages: profile, dashboard, event page', async ({ page, request, isMobile }) => {
    const user = await createUser(request, 'a11y');
    const eventId = await anyEventId(request);
    await signInWithToken(page, user.token);
    for (const url of ['/profile', '/dashboard', `/events/${eventId}`]) {
      await open(page, url);
      // Signed in: the e-mail address shows on the profile; the header has the account menu.
      if (url === '/profile') await expect(page.getByRole('main').getByText(user.email)).toBeVisible();
      await expectNoAxeViolations(page, `${url} (signed in)`);
    }
    // The account menu (desktop) or the whole navigation menu (phone), open.
    if (isMobile) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Main navigation' }).filter({ visible: true })).toBeVisible();
      await expectNoAxeViolations(page, 'navigation menu open (signed in)');
    } else {
      await page.getByRole('button', { name: `Account menu for ${user.name}` }).click();
      await expectNoAxeViolations(page, 'account menu open');
    }
  });

  test('signed-in pages with attendance: my events, event pages with the check-in code and the certificate, verification', async ({ page, request }) => {
    test.setTimeout(120_000);
    const setup = await eventsWithAttendance(request);
    test.skip(setup.skip !== null, setup.skip ?? '');
    if (setup.skip !== null) return;
    await signInWithToken(page, setup.user.token);
    await open(page, '/my-events');
    await expect(page.getByRole('button', { name: /Download certificate/ })).toBeVisible();
    await expectNoAxeViolations(page, '/my-events (signed in)');
    await open(page, `/events/${setup.upcomingEventId}`);
    await expect(page.getByText(/Check-in code: /)).toBeVisible();
    await expectNoAxeViolations(page, '/events/:id (signed in, registered)');
    await open(page, `/events/${setup.endedEventId}`);
    await expect(page.getByRole('heading', { name: 'Your certificate' })).toBeVisible();
    await expectNoAxeViolations(page, '/events/:id (attended, certificate issued)');
    await open(page, `/certificates/${setup.certificateCode}`);
    await expect(page.getByText('This certificate is valid.')).toBeVisible();
    await expectNoAxeViolations(page, '/certificates/:code (valid)');
    await open(page, '/settings');
    await expectNoAxeViolations(page, '/settings (signed in)');
  });

  test('signed-in pages in Hindi: profile, dashboard, my events, settings, event page', async ({ page, request }) => {
    test.setTimeout(120_000);
    const user = await createUser(request, 'a11y-hi');
    const eventId = await anyEventId(request);
    await page.addInitScript(() => window.localStorage.setItem('lang', 'hi'));
    await signInWithToken(page, user.token);
    for (const url of ['/profile', '/dashboard', '/my-events', '/settings', `/events/${eventId}`]) {
      await open(page, url);
      await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
      await expectNoAxeViolations(page, `${url} (signed in, hi)`);
    }
  });

  test('the add-student page of an approved teacher', async ({ page, request }) => {
    const token = await approvedTeacherToken(request);
    await signInWithToken(page, token);
    await open(page, '/add-student');
    await expect(page.getByLabel('Student name')).toBeVisible();
    await expectNoAxeViolations(page, '/add-student (teacher)');
  });
});
