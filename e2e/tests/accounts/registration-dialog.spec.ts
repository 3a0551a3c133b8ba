import { expect, test } from '@playwright/test';
import { mailsTo, uniqueEmail, waitForCode } from '../../support/mail';
import { screenshots } from './helpers';

test.describe('registration dialog', () => {
  test('registers with the code from the e-mail, stores the token and signs the visitor in', async ({ page }) => {
    const email = uniqueEmail('dialog');
    const name = 'Dialog Tester';
    await page.goto('/registration');
    await page.getByRole('button', { name: 'Register for Graduates & Above' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register for Graduates & Above' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Full name')).toBeFocused();

    // Validation before any call.
    await dialog.getByRole('button', { name: 'Send OTP' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please fill all required fields');
    await screenshots(page, 'dialog-step1');

    await dialog.getByLabel('Full name').fill(name);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Phone').fill('9876501234');
    const before = mailsTo(email).length;
    await dialog.getByRole('button', { name: 'Send OTP' }).click();
    await expect(dialog.getByText('OTP sent to your email/phone')).toBeVisible();
    const code = await waitForCode(email, before);

    // Resend straight away: the API asks to wait, the dialog counts down.
    await dialog.getByRole('button', { name: 'Resend OTP' }).click();
    await expect(dialog.getByText(/You can request a new code in \d+ seconds\./)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Resend OTP' })).toBeDisabled();
    await screenshots(page, 'dialog-step2');

    await dialog.getByLabel('OTP').fill(code);
    await dialog.getByRole('button', { name: 'Verify OTP' }).click();
    await expect(dialog.getByText('Registration completed successfully!')).toBeVisible();
    const stored = await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('authToken')]);
    expect(stored[0]).toBeTruthy();
    expect(stored[1]).toBe(stored[0]);

    // After 2 seconds the dialog closes and the page reloads, signed in.
    await page.waitForEvent('load', { timeout: 5_000 });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Account menu for ${name}` })).toBeVisible();
  });
});
