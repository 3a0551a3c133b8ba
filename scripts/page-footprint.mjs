// node scripts/page-footprint.mjs <url>...: what a first visit costs the page's first layout and its
// hydration, in counts that do not swing with the machine's load (docs/performance.md, "Fonts, kept text"):
//   fonts: distinct fonts the page's text is drawn in (family, size, bold or not, style): each one is a
//          font the browser looks up before the first layout (on Linux a synchronous call per font);
//   nodes: elements and text nodes in #root, and how many React hydrated (the rest was kept as the server
//          drew it: ServedText, or parts not loaded yet).
// In Debian's Chromium at 390 px, two seconds after the load event. CHROMIUM_PATH overrides the browser.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)), '../e2e/package.json'));
const { chromium } = require('@playwright/test');

const urls = process.argv.slice(2);
if (urls.length === 0) {
  console.error('usage: node scripts/page-footprint.mjs <url>...');
  process.exit(2);
}
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const url of urls) {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(2000);
    const footprint = await page.evaluate(() => {
      const fonts = new Set();
      const text = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = text.nextNode(); node; node = text.nextNode()) {
        if (!node.textContent.trim() || !node.parentElement) continue;
        const style = getComputedStyle(node.parentElement);
        if (style.display === 'none' || style.visibility === 'hidden') continue;
        fonts.add(`${style.fontFamily.split(',')[0]} ${style.fontSize} ${Number(style.fontWeight) >= 600 ? 'bold' : 'regular'} ${style.fontStyle}`);
      }
      const root = document.getElementById('root');
      let nodes = 0;
      let hydrated = 0;
      const all = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
      for (let node = all.nextNode(); node; node = all.nextNode()) {
        nodes += 1;
        // React marks every DOM node it owns with its fiber.
        if (Object.keys(node).some((key) => key.startsWith('__reactFiber$'))) hydrated += 1;
      }
      return { fonts: [...fonts].sort(), nodes, hydrated };
    });
    console.log(`${new URL(url).pathname}: ${footprint.fonts.length} fonts; ${footprint.nodes} nodes in #root, ${footprint.hydrated} hydrated, ${footprint.nodes - footprint.hydrated} kept as drawn`);
    if (process.env.FONTS) for (const font of footprint.fonts) console.log(`  ${font}`);
    await page.close();
  }
} finally {
  await browser.close();
}
