import { expect, test } from '@playwright/test';
import { admin, adminGql, signIn } from './admin-helpers';

test.describe('admin users, approvals and queries', () => {
  test('adds a teacher, approves them, and finds them under Teachers', async ({ page }) => {
    const stamp = Date.now();
    const email = `e2e.teacher.${stamp}@example.org`;
    await signIn(page);
    await page.goto(admin('/admin/users/new'));
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`E2E Teacher ${stamp}`);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('9876543210');
    await page.getByLabel('Category').selectOption('PRIMARY');
    await page.getByLabel('Status').selectOption('PENDING');
    await page.getByRole('button', { name: 'Create user' }).click();
    await expect(page.getByText('School name is required')).toBeVisible();
    await page.getByLabel('School name').fill('City Montessori School');
    await page.getByLabel('District').fill('Prayagraj');
    await page.getByLabel('Area').fill('Civil Lines');
    await page.getByRole('button', { name: 'Create user' }).click();
    await expect(page.getByText('User created')).toBeVisible();

    await page.goto(admin('/admin/teachers'));
    await page.getByRole('button', { name: 'Approve Selected' }).click();
    await expect(page.getByText('Please select at least one student to approve or reject.')).toBeVisible();
    await page.getByRole('searchbox').fill(email);
    await page.getByRole('checkbox', { name: `Select E2E Teacher ${stamp}` }).check();
    await page.getByRole('button', { name: 'Approve Selected' }).click();
    await expect(page.getByText('1 teacher(s) approved')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: email }).getByText('Approved')).toBeVisible();

    await page.goto(admin('/admin'));
    await page.getByRole('link', { name: /Users in Teacher/ }).click();
    await expect(page).toHaveURL(/\/admin\/users\?category=primary$/);
    await expect(page.getByLabel('Filter by category')).toHaveValue('primary');
    await page.getByRole('searchbox').fill(email);
    await expect(page.getByRole('cell', { name: email })).toBeVisible();
  });

  test('changes the status of a contact query', async ({ page, request }) => {
    const subject = `E2E question ${Date.now()}`;
    await adminGql(request, 'mutation($i: ContactInput!) { submitContact(input: $i) { id } }', {
      i: { name: 'Kavita Devi', email: 'kavita.e2e@example.org', phone: '9876500003', subject, message: 'How can I volunteer?' },
    });
    await signIn(page);
    await page.goto(admin('/admin/contacts'));
    await page.getByRole('link', { name: new RegExp(subject) }).click();
    await expect(page.getByText('How can I volunteer?')).toBeVisible();
    await page.getByLabel('Status').selectOption('IN_PROGRESS');
    await expect(page.getByText('Status updated')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Status')).toHaveValue('IN_PROGRESS');
  });
});
