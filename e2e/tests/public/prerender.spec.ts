import { expect, test } from '@playwright/test';
import { STACK } from '../../support/stack-config.cjs';

// The signed-out pages are prerendered at build time (public-site/scripts/prerender.mjs): their HTML
// carries the page, and the app hydrates it.
test.describe('prerendered pages', () => {
  test('signed-out pages arrive as HTML with their content; signed-in pages get the app shell', async ({ request }) => {
    const pages: Array<[string, string]> = [
      ['/', 'Our Education Programmes'],
      ['/about', 'About Us'],
      ['/contact', 'Contact Us'],
      ['/login', 'Sign in with a one-time code'],
      // An unknown event: drawn by the site server with what the API answered (a 404 saying so).
      ['/events/any-id', 'Event not found'],
    ];
    for (const [path, text] of pages) {
      const html = await (await request.get(`${STACK.publicUrl}${path}`)).text();
      // After #root, a page drawn with its data carries that data (JSON, not a script that runs).
      const root = /<div id="root">([\s\S]*)<\/div>(?:<script type="application\/json" id="page-data">[^<]*<\/script>)?\s*<noscript>/.exec(html)?.[1] ?? '';
      expect(root, path).toContain(text);
      expect(root, `${path}: no inline script`).not.toMatch(/<script/i);
      // Readable without its scripts, so they load after what is in view.
      expect(html, path).toMatch(/<script type="module" fetchpriority="low"/);
    }
    const profile = await (await request.get(`${STACK.publicUrl}/profile`)).text();
    expect(profile).toContain('<div id="root"></div>');
  });

  test('a page is readable with JavaScript off', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${STACK.publicUrl}/about`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).first()).toBeVisible();
    await context.close();
  });

  test('hydration matches the prerendered HTML and the page then works', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    // Hydration adopts the prerendered elements; a fresh render would remove them from #root.
    await page.addInitScript(() => {
      const w = window as unknown as { removedFromRoot: string[] };
      w.removedFromRoot = [];
      new MutationObserver((mutations) => {
        for (const m of mutations) {
          if ((m.target as Element).id !== 'root') continue;
          m.removedNodes.forEach((node) => w.removedFromRoot.push(node.nodeName));
        }
      }).observe(document, { childList: true, subtree: true });
    });
    for (const path of ['/', '/events', '/contact', '/login']) {
      const html = await (await page.request.get(path)).text();
      expect(html, `${path} is served prerendered`).not.toContain('<div id="root"></div>');
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('contentinfo')).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { removedFromRoot: string[] }).removedFromRoot), path).toEqual([]);
    }
    // Hydrated: the language switch responds.
    await page.getByRole('button', { name: 'हिन्दी' }).first().click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await page.getByRole('button', { name: 'English' }).first().click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(problems).toEqual([]);
  });
});
