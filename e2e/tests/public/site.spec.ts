import { expect, test } from '@playwright/test';
import { holdAppScript } from '../../support/hold-app';

test.describe('site shell @mobile', () => {
  test('unknown routes show the not-found page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle(/Page not found/);
  });

  test('the header links every public page and the title follows the route', async ({ page, isMobile }) => {
    await page.goto('/');
    const nav = async () => {
      if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
      return page.getByRole('navigation', { name: 'Main navigation' }).filter({ visible: true });
    };
    for (const [name, url, title] of [
      ['About', /\/about$/, /About Us/],
      ['Our Team', /\/teams$/, /Meet Our Team/],
      ['Contact', /\/contact$/, /Contact Us/],
      ['Events', /\/events$/, /Events Calendar/],
    ] as const) {
      await (await nav()).getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(url);
      await expect(page).toHaveTitle(title);
    }
  });

  test("a phone's menu opens before the app has loaded, and the app takes it over", async ({ page, isMobile }) => {
    test.skip(!isMobile, 'the menu button shows on narrow screens only');
    const { release } = await holdAppScript(page);
    await page.goto('/about', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const contact = page.locator('#mobile-menu').getByRole('link', { name: 'Contact', exact: true });
    await expect(contact).toBeVisible();
    release();
    // Once the app runs, the button says what it does now, and navigating closes the menu.
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true', { timeout: 30_000 });
    await contact.click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(contact).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('a reader can switch to Hindi before the app has loaded', async ({ page, context, isMobile }) => {
    const { release } = await holdAppScript(page);
    await page.goto('/about', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
    // The switch is a GET form: the site server sends the page in Hindi.
    await page.getByRole('button', { name: 'हिन्दी' }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/about\?lang=hi$/);
    await expect(page.getByRole('heading', { level: 1, name: 'हमारे बारे में' })).toBeVisible();
    expect(await page.getAttribute('html', 'lang')).toBe('hi');
    // Once the app runs it keeps the choice for the next pages (the cookie the server reads).
    release();
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'lang')?.value, { timeout: 30_000 }).toBe('hi');
  });
});
