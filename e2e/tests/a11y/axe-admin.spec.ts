import { expect, test, type Page } from '@playwright/test';
import { STACK } from '../../support/stack-config.cjs';
import { gql } from '../accounts/helpers';
import { admin, adminGql, signIn } from '../admin/admin-helpers';
import { anyEventId, eventsWithAttendance, expectNoAxeViolations } from './a11y-helpers';

/** Opens an admin page and waits until its content (not the loading state) is shown. */
async function open(page: Page, url: string) {
  await page.goto(admin(url));
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Loading/i })).toHaveCount(0);
}

test.describe('accessibility of the admin portal (axe, every rule) @mobile', () => {
  test('the sign-in page, empty and with an error', async ({ page }) => {
    await open(page, '/admin/login');
    await expectNoAxeViolations(page, '/admin/login');
    await page.getByLabel('Email address').fill(STACK.adminEmail);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in as Admin' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(page, '/admin/login with an error');
  });

  test('every admin page, signed in', async ({ page, request }) => {
    test.setTimeout(300_000);
    // Something to show on the detail pages: an event, a user and a contact message.
    const eventId = await anyEventId(request);
    const { submitContact } = await gql<{ submitContact: { id: string } }>(request, 'mutation($input: ContactInput!) { submitContact(input: $input) { id } }', {
      input: { name: 'Axe Tester', email: 'axe@example.org', phone: '9876543210', subject: 'Accessibility', message: 'Checking the contact message page.' },
    });
    const { users } = await adminGql<{ users: { items: { id: string }[] } }>(request, 'query { users(limit: 1) { items { id } } }');

    await signIn(page);
    const pages = [
      '/admin',
      '/admin/dashboard',
      '/admin/users',
      '/admin/users/new',
      `/admin/users/edit/${users.items[0].id}`,
      '/admin/students',
      '/admin/teachers',
      '/admin/events',
      '/admin/events/new',
      `/admin/events/edit/${eventId}`,
      `/admin/events/view/${eventId}`,
      '/admin/team',
      '/admin/contacts',
      `/admin/contacts/${submitContact.id}`,
      '/admin/audit',
      '/admin/jobs',
      '/admin/messages',
      '/admin/messages/new',
      '/admin/reports/impact',
      `/admin/events/${eventId}/check-in`,
      '/admin/no-such-page',
    ];
    for (const url of pages) {
      await open(page, url);
      await expectNoAxeViolations(page, url);
    }

    // Form states: the event form's validation errors and the users list filtered.
    await open(page, '/admin/events/new');
    await page.getByRole('button', { name: 'Create Event' }).click();
    await expect(page.getByText('Title is required')).toBeVisible();
    await expectNoAxeViolations(page, '/admin/events/new with errors');
  });

  test('an ended event with attendance and certificates, and the check-in page with a result', async ({ page, request }) => {
    test.setTimeout(120_000);
    const setup = await eventsWithAttendance(request);
    test.skip(setup.skip !== null, setup.skip ?? '');
    if (setup.skip !== null) return;
    await signIn(page);
    const view = `/admin/events/view/${setup.endedEventId}`;
    await open(page, view);
    await expect(page.getByRole('main').getByText(setup.user.name).first()).toBeVisible();
    await expectNoAxeViolations(page, `${view} (attendance, certificates, waitlist)`);

    // The door: a code typed and answered (already checked in), then an unknown code, then a bad one.
    const { event } = await gql<{ event: { myCheckIn: { code: string } } }>(request, 'query($id: ID!) { event(id: $id) { myCheckIn { code } } }', { id: setup.upcomingEventId }, setup.user.token);
    const checkIn = `/admin/events/${setup.upcomingEventId}/check-in`;
    await open(page, checkIn);
    await page.getByRole('textbox', { name: 'Type the code' }).fill(event.myCheckIn.code);
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect(page.getByTestId('check-in-result')).toContainText(setup.user.name);
    await expectNoAxeViolations(page, `${checkIn} after a check-in`);
    await page.getByRole('textbox', { name: 'Type the code' }).fill('ZZZZ-ZZZZ');
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect(page.getByTestId('check-in-result')).toContainText(/unknown|not open|failed/i);
    await expectNoAxeViolations(page, `${checkIn} with an unknown code`);
    await page.getByRole('textbox', { name: 'Type the code' }).fill('12');
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(page, `${checkIn} with a malformed code`);
    await page.getByRole('searchbox').fill(setup.user.name.slice(0, 8));
    await expect(page.getByRole('listitem').filter({ hasText: setup.user.email })).toBeVisible();
    await expectNoAxeViolations(page, `${checkIn} with a registrant search`);
  });

  test('the sidebar menu on a phone', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'the menu button shows on narrow screens only');
    await signIn(page);
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await expect(page.getByRole('navigation').first()).toBeVisible();
    await expectNoAxeViolations(page, 'admin sidebar open');
  });
});
