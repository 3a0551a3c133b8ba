// Screenshots of the public pages at phone and desktop widths, for a visual check.
// Usage: node scripts/screenshots.mjs [baseUrl] [outDir]
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';

const base = process.argv[2] ?? 'http://localhost:3000';
const out = process.argv[3] ?? '/tmp/shots';
mkdirSync(out, { recursive: true });

const pages = (process.env.PAGES ?? '/,/registration,/events,/about,/teams,/contact,/login,/nope').split(',');
const widths = (process.env.WIDTHS ?? '390,1280').split(',').map(Number);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
for (const width of widths) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') console.log(`[${width}] console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => console.log(`[${width}] pageerror: ${e.message}`));
  for (const path of pages) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    // Scroll through the page so lazy images load before a full-page shot.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 60));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForTimeout(400);
    const name = `${width}${path.replace(/\//g, '_') || '_home'}`;
    await page.screenshot({ path: `${out}/${name}.png`, fullPage: process.env.FULL !== '0' });
    console.log('shot', name, await page.title());
  }
  await context.close();
}
await browser.close();
