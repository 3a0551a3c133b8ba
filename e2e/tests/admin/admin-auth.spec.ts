import { expect, test } from '@playwright/test';
import { admin, signIn } from './admin-helpers';

test.describe('admin sign-in @mobile', () => {
  test('refuses wrong credentials, signs in, and logs out to the sign-in page', async ({ page }) => {
    await page.goto(admin('/admin/users'));
    // No token: the guard sends the visitor to the sign-in page.
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { name: 'Admin Portal Login' })).toBeVisible();
    await expect(page.getByText('Restricted access to authorized personnel only')).toBeVisible();

    await page.getByLabel('Email address').fill('nobody@example.org');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in as Admin' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();

    await signIn(page);
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeTruthy();
    await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();
    await expect(page.getByText('Admin Dashboard')).toBeVisible();

    const menu = page.getByRole('button', { name: 'Open navigation menu' });
    if (await menu.isVisible()) await menu.click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate(() => [localStorage.getItem('adminToken'), localStorage.getItem('adminInfo')])).toEqual([null, null]);
  });

  test('a stored but invalid token is removed', async ({ page }) => {
    await page.goto(admin('/admin/login'));
    await page.evaluate(() => localStorage.setItem('adminToken', 'not-a-real-token'));
    await page.goto(admin('/admin/events'));
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
  });
});
