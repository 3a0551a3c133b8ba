import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Browser } from '@playwright/test';
import { STACK } from '../../support/stack-config.cjs';

// Devanagari must render on every device, and only Hindi readers without a Devanagari font may pay
// for it (public-site/src/styles/devanagari-font.css). Which fonts Chromium finds on the system
// comes from fontconfig when the browser starts, so each case launches a Chromium of its own: one
// sees the machine's fonts (CI installs fonts-noto-core, which has Noto Sans Devanagari), the other
// only a directory of Latin fonts (FONTCONFIG_FILE), as on a device without any Devanagari font.

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const LATIN_FONTS = '/usr/share/fonts/truetype/dejavu';
const screenshotDir = path.resolve(STACK.dataDir, '..', 'artifacts', 'screenshots');

/** A fontconfig configuration that knows only the Latin fonts of LATIN_FONTS. */
function latinOnlyFontconfig(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fontconfig-latin-'));
  const file = path.join(dir, 'fonts.conf');
  writeFileSync(
    file,
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n<fontconfig>\n  <dir>${LATIN_FONTS}</dir>\n  <cachedir>${path.join(dir, 'cache')}</cachedir>\n</fontconfig>\n`,
  );
  return file;
}

function systemHasDevanagari(): boolean {
  try {
    return execFileSync('fc-list', [':lang=hi', 'family'], { encoding: 'utf8' }).trim() !== '';
  } catch {
    return false;
  }
}

interface Visit {
  /** Bytes on the wire for the whole page load (CDP encodedDataLength: headers and compressed bodies). */
  transferred: number;
  /** Font files fetched, with their size on the wire. */
  fonts: { file: string; bytes: number }[];
  /** Whether Devanagari letters are drawn as themselves rather than the same empty box, in the font of `textOf`. */
  drawsDevanagari: boolean;
  /** Whether the site's Devanagari face was loaded (from the system or the web). */
  faceLoaded: boolean;
}

/** Loads `pagePath` with a cold cache in `lang` on a phone (or `width`) and measures what it cost. */
async function visit(browser: Browser, pagePath: string, lang: 'en' | 'hi', { screenshot, width = 390, textOf = 'h1' }: { screenshot?: string; width?: number; textOf?: string } = {}): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width, height: 844 } });
  await context.addCookies([{ name: 'lang', value: lang, url: STACK.publicUrl }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  const sizes: { url: string; bytes: number }[] = [];
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
  cdp.on('Network.loadingFinished', (e) => sizes.push({ url: urls.get(e.requestId) ?? '', bytes: e.encodedDataLength }));
  await page.goto(`${STACK.publicUrl}${pagePath}`);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState('networkidle');
  const drawsDevanagari = await page.locator(textOf).first().evaluate((el) => {
    const canvas = document.createElement('canvas').getContext('2d')!;
    canvas.font = getComputedStyle(el).font;
    // Without a font for them, two different letters are the same box: equal widths.
    return canvas.measureText('क').width !== canvas.measureText('ि').width || canvas.measureText('ह').width !== canvas.measureText('ा').width;
  });
  const faceLoaded = await page.evaluate(() => [...document.fonts].some((face) => face.family.replace(/["']/g, '') === 'Site Devanagari' && face.status === 'loaded'));
  if (screenshot) {
    mkdirSync(screenshotDir, { recursive: true });
    await page.screenshot({ path: path.join(screenshotDir, screenshot) });
  }
  await context.close();
  return {
    transferred: sizes.reduce((sum, s) => sum + s.bytes, 0),
    fonts: sizes.filter((s) => /\.(woff2?|ttf|otf)(\?|$)/.test(s.url)).map((s) => ({ file: path.basename(new URL(s.url).pathname), bytes: s.bytes })),
    drawsDevanagari,
    faceLoaded,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

test.describe('Devanagari web font', () => {
  const weights: string[] = [];
  test.afterAll(() => {
    // The page weights, for the README and the issue: `cd e2e && npx playwright test tests/public/devanagari-font.spec.ts`.
    console.log(`\npage weight (transferred, cold cache, 390 px):\n${weights.join('\n')}`);
  });

  test('a Hindi reader without a Devanagari font downloads the subset and sees Devanagari; an English reader downloads at most the switch label\'s letters', async () => {
    test.skip(!existsSync(LATIN_FONTS), `needs Latin fonts in ${LATIN_FONTS} (fonts-dejavu-core)`);
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
      env: { ...process.env, FONTCONFIG_FILE: latinOnlyFontconfig() },
    });
    try {
      for (const pagePath of ['/', '/events']) {
        const hindi = await visit(browser, pagePath, 'hi', { screenshot: pagePath === '/' ? 'devanagari-hi-home-no-system-font.png' : undefined });
        weights.push(`  Hindi, no system Devanagari font, ${pagePath}: ${kb(hindi.transferred)}; fonts: ${hindi.fonts.map((f) => `${f.file} ${kb(f.bytes)}`).join(', ') || 'none'}`);
        expect(hindi.fonts.map((f) => f.file).join(' '), pagePath).toMatch(/noto-sans-devanagari-devanagari-400-normal-[\w-]+\.woff2/);
        expect(hindi.fonts.every((f) => /devanagari-devanagari-(400|700)-normal/.test(f.file)), pagePath).toBe(true);
        expect(hindi.faceLoaded, pagePath).toBe(true);
        expect(hindi.drawsDevanagari, pagePath).toBe(true);

        const english = await visit(browser, pagePath, 'en');
        weights.push(`  English, no system Devanagari font, ${pagePath}: ${kb(english.transferred)}; fonts: ${english.fonts.map((f) => f.file).join(', ') || 'none'}`);
        expect(english.fonts, pagePath).toEqual([]);
      }
      // On a wide screen the language switch is in the header: its "हिन्दी" is drawn with a face of
      // its six letters only (2.4 KB), never with the faces of the Hindi pages.
      const wide = await visit(browser, '/about', 'en', { width: 1280, textOf: '.lang-switch__option[lang="hi"]' });
      weights.push(`  English, no system Devanagari font, /about at 1280 px: ${kb(wide.transferred)}; fonts: ${wide.fonts.map((f) => `${f.file} ${kb(f.bytes)}`).join(', ') || 'none'}`);
      expect(wide.fonts.map((f) => f.file)).toEqual([expect.stringMatching(/^hindi-label-700-[\w-]+\.woff2$/)]);
      expect(wide.fonts[0].bytes).toBeLessThan(4 * 1024);
      expect(wide.drawsDevanagari).toBe(true);
    } finally {
      await browser.close();
    }
  });

  test('with a system Devanagari font nobody downloads a font', async () => {
    test.skip(!systemHasDevanagari(), 'no Devanagari font on this machine (apt-get install fonts-noto-core)');
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
    try {
      for (const pagePath of ['/', '/events']) {
        const hindi = await visit(browser, pagePath, 'hi', { screenshot: pagePath === '/' ? 'devanagari-hi-home-system-font.png' : undefined });
        weights.push(`  Hindi, system Devanagari font, ${pagePath}: ${kb(hindi.transferred)}; fonts: ${hindi.fonts.map((f) => f.file).join(', ') || 'none'}`);
        expect(hindi.fonts, pagePath).toEqual([]);
        expect(hindi.drawsDevanagari, pagePath).toBe(true);

        const english = await visit(browser, pagePath, 'en');
        weights.push(`  English, system Devanagari font, ${pagePath}: ${kb(english.transferred)}; fonts: ${english.fonts.map((f) => f.file).join(', ') || 'none'}`);
        expect(english.fonts, pagePath).toEqual([]);
      }
      const wide = await visit(browser, '/about', 'en', { width: 1280, textOf: '.lang-switch__option[lang="hi"]' });
      expect(wide.fonts).toEqual([]);
      expect(wide.drawsDevanagari).toBe(true);
    } finally {
      await browser.close();
    }
  });
});
