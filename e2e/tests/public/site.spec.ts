import { expect, test } from '@playwright/test';

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
});
