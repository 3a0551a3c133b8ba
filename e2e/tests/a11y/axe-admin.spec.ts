import { expect, test, type Page } from '@playwright/test';
import { STACK } from '../../support/stack-config.cjs';
import { gql } from '../accounts/helpers';
import { admin, adminGql, signIn } from '../admin/admin-helpers';
import { anyEventId, expectNoSeriousViolations } from './a11y-helpers';

/** Opens an admin page and waits until its content (not the loading state) is shown. */
async function open(page: Page, url: string) {
  await page.goto(admin(url));
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Loading/i })).toHaveCount(0);
}

test.describe('accessibility of the admin portal (axe, WCAG 2.1 A/AA) @mobile', () => {
  test('the sign-in page, empty and with an error', async ({ page }) => {
    await open(page, '/admin/login');
    await expectNoSeriousViolations(page, '/admin/login');
    await page.getByLabel('Email address').fill(STACK.adminEmail);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in as Admin' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoSeriousViolations(page, '/admin/login with an error');
  });

  test('every admin page, signed in', async ({ page, request }) => {
    test.setTimeout(180_000);
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
      '/admin/no-such-page',
    ];
    for (const url of pages) {
      await open(page, url);
      await expectNoSeriousViolations(page, url);
    }

    // Form states: the event form's validation errors and the users list filtered.
    await open(page, '/admin/events/new');
    await page.getByRole('button', { name: 'Create Event' }).click();
    await expect(page.getByText('Title is required')).toBeVisible();
    await expectNoSeriousViolations(page, '/admin/events/new with errors');
  });

  test('the sidebar menu on a phone', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'the menu button shows on narrow screens only');
    await signIn(page);
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await expect(page.getByRole('navigation').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'admin sidebar open');
  });
});
