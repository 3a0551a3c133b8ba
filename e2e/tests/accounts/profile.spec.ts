import { expect, test } from '@playwright/test';
import { createUser, screenshots, signInWithToken } from './helpers';

test.describe('profile', () => {
  test('without a token /profile goes to /login', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('shows the account and saves an edited name and phone', async ({ page, request }) => {
    const account = await createUser(request, 'profile');
    await signInWithToken(page, account.token);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
    await expect(page.getByText('(Email cannot be changed)')).toBeVisible();
    await expect(page.getByText('Graduate', { exact: true })).toBeVisible();
    await screenshots(page, 'profile');

    await page.getByRole('button', { name: 'Edit profile' }).click();
    await page.getByLabel('Phone').fill('123');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Phone must be 10 digits')).toBeVisible();

    const newName = `${account.name} Edited`;
    await page.getByLabel('Name').fill(newName);
    await page.getByLabel('Phone').fill('9000012345');
    await screenshots(page, 'profile-edit');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await expect(page.getByText(newName, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: `Account menu for ${newName}` })).toBeVisible();

    await page.reload();
    await expect(page.getByText('9000012345')).toBeVisible();

    // /settings opens the same page for editing.
    await page.goto('/settings');
    await expect(page.getByLabel('Name')).toHaveValue(newName);
  });
});
