import { expect, test } from '@playwright/test';
import { mailsTo, waitForCode } from '../../support/mail';
import { createUserWithoutCode, screenshots } from './helpers';

test.describe('login by code', () => {
  test('e-mail, then the mailed code; a wrong code is refused; success goes home signed in', async ({ page, request }) => {
    const account = await createUserWithoutCode(request, 'login');
    await page.goto('/events');
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await screenshots(page, 'login-step1');

    // An unknown e-mail gets the server's message.
    await page.getByLabel('Email').fill('nobody-here@example.org');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByRole('alert')).toHaveText('No account found with this email');

    await page.getByLabel('Email').fill(account.email);
    const before = mailsTo(account.email).length;
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByText('OTP sent to your email')).toBeVisible();
    const code = await waitForCode(account.email, before);
    // Asking again at once: the API says wait, the page counts down.
    await page.getByRole('button', { name: 'Resend OTP' }).click();
    await expect(page.getByText(/You can request a new code in \d+ seconds\./)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend OTP' })).toBeDisabled();
    await screenshots(page, 'login-step2');

    await page.getByLabel('OTP').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid or expired OTP');

    await page.getByLabel('OTP').fill(code);
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: `Account menu for ${account.name}` })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();
  });

  test('Back to Events goes back one page', async ({ page }) => {
    await page.goto('/events');
    await page.getByRole('link', { name: 'Login' }).first().click();
    await page.getByRole('link', { name: /Back to Events/ }).click();
    await expect(page).toHaveURL(/\/events$/);
  });
});
