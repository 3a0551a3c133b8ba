import type { Page } from '@playwright/test';

/**
 * Holds the public site's entry script back until `release()`: the page as a cheap phone on slow mobile
 * data shows it for seconds after the first paint, server HTML and CSS only. Later page loads of the same
 * page wait for the same release.
 */
export async function holdAppScript(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}
