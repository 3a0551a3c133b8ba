import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { STACK } from '../../support/stack-config.cjs';
import { admin, adminGql, signIn } from './admin-helpers';

test.describe('admin dashboard and exports', () => {
  test('shows the statistics, links a category card to the filtered user list, and exports it as CSV', async ({ page }) => {
    await signIn(page);
    for (const label of ['Site Visiters', 'Total Users', 'Users This Month', 'Users This Year', 'Active Users', 'Pending Users']) {
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Event Trends' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Upcoming Events' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('admin-dashboard.png'), fullPage: true });

    await page.getByRole('link', { name: /Users in Superadmin/ }).click();
    await expect(page).toHaveURL(/\/admin\/users\?category=superadmin/);
    await expect(page.getByText(STACK.adminEmail)).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    const csv = readFileSync(await download.path(), 'utf8');
    const [header, ...rows] = csv.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(header.toLowerCase()).toContain('email');
    expect(rows.some((r) => r.includes(STACK.adminEmail))).toBe(true);
  });

  test('an event created in the portal appears on the public site', async ({ page, request }) => {
    const title = `E2E Science Quiz ${Date.now()}`;
    const { createEvent } = await adminGql<{ createEvent: { id: string } }>(
      request,
      'mutation($i: EventInput!) { createEvent(input: $i) { id } }',
      { i: { title, category: 'SECONDARY', description: 'Teams of three answer questions on physics, chemistry and biology.', date: '2031-08-20', time: '11:00', location: 'Government Inter College, Prayagraj', speaker: 'Dr. Meera Srivastava' } },
    );
    await signIn(page);
    await page.goto(admin(`/admin/events/view/${createEvent.id}`));
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    await page.goto(`${STACK.publicUrl}/events/${createEvent.id}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText('Dr. Meera Srivastava')).toBeVisible();
  });
});
