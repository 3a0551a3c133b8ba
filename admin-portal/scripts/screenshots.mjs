// Screenshots of the main admin screens at phone and desktop widths, for a human to look at.
// Usage: node scripts/screenshots.mjs [baseUrl] [outDir]   (the portal and its API must be running)
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://localhost:3001';
const out = process.argv[3] ?? 'artifacts/screenshots';
const email = process.env.ADMIN_EMAIL ?? 'admin@example.org';
const password = process.env.ADMIN_PASSWORD ?? 'ChangeMe!2026';
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const problems = [];
const pages = [
  ['dashboard', '/admin'],
  ['users', '/admin/users'],
  ['user-form', '/admin/users/new'],
  ['teachers', '/admin/teachers'],
  ['students', '/admin/students'],
  ['events', '/admin/events'],
  ['event-form', '/admin/events/new'],
  ['team', '/admin/team'],
  ['contacts', '/admin/contacts'],
  ['audit', '/admin/audit'],
  ['jobs', '/admin/jobs'],
];
for (const width of [1280, 390]) {
  const context = await browser.newContext({ viewport: { width, height: width > 600 ? 900 : 844 } });
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && problems.push(`${width} console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`${width} pageerror: ${e.message}`));
  await page.goto(`${base}/admin/login`);
  await page.getByRole('heading', { name: 'Admin Portal Login' }).waitFor();
  await page.screenshot({ path: `${out}/login-${width}.png`, fullPage: true });
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in as Admin' }).click();
  await page.getByRole('heading', { name: 'User Trends' }).waitFor();
  for (const [name, path] of pages) {
    await page.goto(`${base}${path}`);
    await page.locator('.page-title').first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
  }
  if (width < 600) {
    await page.goto(`${base}/admin`);
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}/menu-open-${width}.png` });
  }
  // Detail pages reached from their lists.
  for (const [name, path, link] of [
    ['contact-detail', '/admin/contacts', /^View query/],
    ['event-view', '/admin/events', /^View /],
  ]) {
    await page.goto(`${base}${path}`);
    await page.getByRole('link', { name: link }).first().click();
    await page.locator('.detail-list').waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
  }
  await page.goto(`${base}/admin/audit`);
  await page.getByRole('button', { name: 'Show changes' }).first().click();
  await page.screenshot({ path: `${out}/audit-open-${width}.png`, fullPage: true });
  // Validation messages of the event form.
  await page.goto(`${base}/admin/events/new`);
  await page.getByRole('button', { name: 'Create Event' }).click();
  await page.screenshot({ path: `${out}/event-form-errors-${width}.png`, fullPage: true });
  await context.close();
}
await browser.close();
console.log(problems.length ? problems.join('\n') : 'no console errors');
