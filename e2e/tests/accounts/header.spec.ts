import { expect, test } from '@playwright/test';
import { createUser, signInWithToken } from './helpers';

test.describe('header when signed in @mobile', () => {
  test("shows the user's name with My Profile and Logout; Logout removes the tokens", async ({ page, request, isMobile }) => {
    const account = await createUser(request, 'header');
    await signInWithToken(page, account.token);
    await page.goto('/');
    await page.evaluate((token) => localStorage.setItem('token', token), account.token);
    if (isMobile) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('link', { name: 'My Profile' })).toBeVisible();
      const logout = page.getByRole('link', { name: 'Logout' });
      await expect(logout).toHaveAttribute('href', '/logout');
      await Promise.all([page.waitForEvent('load'), logout.click()]);
    } else {
      await page.getByRole('button', { name: `Account menu for ${account.name}` }).click();
      await expect(page.getByRole('link', { name: 'My Profile' })).toBeVisible();
      await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Logout' }).click()]);
    }
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('token')])).toEqual([null, null]);
    if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('link', { name: 'Login', exact: true }).filter({ visible: true })).toBeVisible();
  });

  test('an invalid stored token is dropped and the header offers Login', async ({ page, isMobile }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('authToken', 'not-a-real-token'));
    await page.reload();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('link', { name: 'Login', exact: true }).filter({ visible: true })).toBeVisible();
  });
});
