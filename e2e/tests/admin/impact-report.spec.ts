import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { eventsWithAttendance, expectNoAxeViolations } from '../a11y/a11y-helpers';
import { signIn } from './admin-helpers';

/** The last twelve months, as India dates: the demo's past events fall in them. */
const lastYear = () => {
  const today = new Date(Date.now() + 330 * 60_000);
  const from = new Date(today);
  from.setUTCFullYear(from.getUTCFullYear() - 1);
  return { from: from.toISOString().slice(0, 10), to: today.toISOString().slice(0, 10) };
};

test.describe('impact report @mobile', () => {
  test('shows the figures, charts with their tables, is axe-clean, and downloads the CSV and both PDFs', async ({ page, request }, info) => {
    // Seeding the attendance and drawing two PDFs take a while on a busy machine.
    test.setTimeout(180_000);
    // Someone registered, checked in and certified at an event that has ended (the demo's past events have no registrations).
    await eventsWithAttendance(request);
    await signIn(page);
    const menu = page.getByRole('button', { name: 'Open navigation menu' });
    if (await menu.isVisible()) await menu.click();
    await page.getByRole('link', { name: 'Impact report' }).click();
    await expect(page.getByRole('heading', { name: 'Impact report' })).toBeVisible();

    const { from, to } = lastYear();
    await page.getByLabel(/^From/).fill(from);
    await page.getByLabel(/^To/).fill(to);
    await page.getByRole('button', { name: 'Show report' }).click();
    await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}`));
    const figures = page.getByRole('region', { name: 'Key figures' });
    await expect(figures.getByText('Events held')).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Registrations and attendance per month' }).getByRole('table')).toBeVisible();
    await page.screenshot({ path: info.outputPath('impact-report.png'), fullPage: true });
    await expectNoAxeViolations(page, 'impact report');

    for (const [button, type] of [['Download CSV', 'text/csv'], ['PDF (English)', 'application/pdf'], ['PDF (हिन्दी)', 'application/pdf']] as const) {
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: button }).click();
      const file = await download;
      const bytes = readFileSync((await file.path())!);
      expect(bytes.length, `${button} (${type})`).toBeGreaterThan(200);
      if (type === 'application/pdf') expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      else expect(bytes.toString('utf8')).toContain('Events held,');
    }
  });
});
