import { expect, test, type Page } from '@playwright/test';
import { holdAppScript } from '../../support/hold-app';
import { mailsTo, uniqueEmail, waitForCode } from '../../support/mail';
import { createUserWithoutCode } from './helpers';

/**
 * Issue 22: what a reader does before the page's script has run is not lost. The login and sign-up
 * forms are real forms: sent early (a slow phone) or without script, the site server asks for the code
 * and draws the code step; text typed before hydration stays, and the live page sends it.
 */

/** Whether React has taken over the field (hydrated): its props are on the element. */
const hydrated = (page: Page, selector: string) =>
  page.waitForFunction((s) => {
    const el = document.querySelector(s);
    return !!el && Object.keys(el).some((k) => k.startsWith('__reactProps'));
  }, selector, { timeout: 30_000 });

test.describe('forms sent before the script runs', () => {
  test.describe.configure({ timeout: 120_000 });

  test('login: Send OTP pressed as soon as the HTML is drawn mails the code and draws the code step; the page continues once live', async ({ page }) => {
    const account = await createUserWithoutCode(page.request, 'early-login');
    const { release } = await holdAppScript(page);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(new URL(r.url()).pathname);
    });
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('Email').fill(account.email);
    const before = mailsTo(account.email).length;
    await page.getByRole('button', { name: 'Send OTP' }).click();

    // The browser sent the form to the page (no script ran): the server asked for the code.
    await expect(page.getByText('OTP sent to your email')).toBeVisible();
    await expect(page.getByText(`Enter the 6-digit code we sent to ${account.email}.`)).toBeVisible();
    expect(posts).toEqual(['/login']);
    expect(page.url()).toMatch(/\/login$/);
    const code = await waitForCode(account.email, before);
    // Nothing of it in the page's address, nor in the page.
    expect(await page.content()).not.toContain(code);

    // The scripts arrive: the page goes on from the code step, with Resend OTP waiting for the API's minute.
    release();
    await hydrated(page, 'input[autocomplete="one-time-code"]');
    await expect(page.getByRole('button', { name: 'Resend OTP' })).toBeDisabled();
    await page.getByLabel('OTP').fill(code);
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: `Account menu for ${account.name}` })).toBeVisible();
  });

  test('login without script: an unknown address gets the API message, the address kept', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill('nobody-early@example.org');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByRole('alert')).toHaveText('No account found with this email');
    await expect(page.getByLabel('Email')).toHaveValue('nobody-early@example.org');
    await page.getByLabel('Email').fill('not an address');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await context.close();
  });

  test('sign-up: sent before the script runs, the code is mailed; once live the passwords are asked again beside the code', async ({ page }) => {
    const email = uniqueEmail('early-signup');
    const { release } = await holdAppScript(page);
    await page.goto('/register', { waitUntil: 'commit' });
    await page.getByLabel('Full name').fill('Early Signup');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('9876501234');
    await page.getByLabel('Password', { exact: true }).fill('secret-1');
    await page.getByLabel('Confirm password').fill('secret-2');
    await page.getByRole('radio', { name: /Graduate/ }).check();
    await page.getByRole('button', { name: 'Send OTP' }).click();

    // The server checked the details as the page does: the typed values stay, never the passwords.
    await expect(page.getByText('Passwords must match')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Full name')).toHaveValue('Early Signup');
    await expect(page.getByRole('radio', { name: /Graduate/ })).toBeChecked();
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    await page.getByLabel('Password', { exact: true }).fill('secret-1');
    await page.getByLabel('Confirm password').fill('secret-1');
    const before = mailsTo(email).length;
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByText('OTP sent to your email')).toBeVisible();
    const code = await waitForCode(email, before);

    release();
    await hydrated(page, 'input[autocomplete="one-time-code"]');
    await page.getByLabel('OTP').fill(code);
    await page.getByLabel('Password', { exact: true }).fill('secret-1');
    await page.getByLabel('Confirm password').fill('secret-1');
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await expect(page).toHaveURL(/\/verify-otp$/);
  });

  test('text typed before the script runs stays through hydration, and the live page sends it', async ({ page }) => {
    const account = await createUserWithoutCode(page.request, 'early-typed');
    const { release } = await holdAppScript(page);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(new URL(r.url()).pathname);
    });
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('Email').pressSequentially(account.email);
    release();
    await hydrated(page, 'input[name="email"]');
    await expect(page.getByLabel('Email')).toHaveValue(account.email);
    const before = mailsTo(account.email).length;
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByText('OTP sent to your email')).toBeVisible();
    await waitForCode(account.email, before);
    // Sent by the live page (the API), not by the browser's form.
    expect(posts).toContain('/graphql');
    expect(posts).not.toContain('/login');
  });
});
