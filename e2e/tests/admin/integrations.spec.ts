import { expect, test, type Page } from '@playwright/test';
import { STACK } from '../../support/stack-config.cjs';
import { expectNoAxeViolations } from '../a11y/a11y-helpers';
import { admin, adminGql, signIn } from './admin-helpers';

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `artifacts/integrations-${name}-${test.info().project.name}.png`, fullPage: true });
}

test.describe('integrations: API keys, webhooks and the delivery log @mobile', () => {
  test('an admin makes a key (shown once) and uses it, adds an endpoint (secret shown once), reads its delivery log; axe-clean', async ({ page, request }) => {
    test.setTimeout(120_000);
    await signIn(page);

    // API keys: create with a scope, the key shown once, then used with the API.
    await page.goto(admin('/admin/integrations/api-keys'));
    await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByText('Name is required.')).toBeVisible();
    await expect(page.getByText('Choose at least one scope.')).toBeVisible();
    await expectNoAxeViolations(page, 'API keys with errors');
    const name = `Dashboard ${test.info().project.name} ${Date.now()}`;
    await page.getByLabel('Name').fill(name);
    await page.getByRole('checkbox', { name: /registrations:read/ }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = await page.getByLabel('The new key').inputValue();
    expect(key).toMatch(/^gjk_[A-Za-z0-9_-]{43}$/);
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    await expectNoAxeViolations(page, 'API keys with a new key');
    await shot(page, 'api-keys');
    const { events } = await adminGql<{ events: { items: { id: string }[] } }>(request, 'query { events(filter: { when: ALL }, limit: 1) { items { id } } }');
    const regs = await request.get(`${STACK.apiUrl}/api/events/${events.items[0].id}/registrations`, { headers: { authorization: `Bearer ${key}` } });
    expect(regs.status()).toBe(200);
    expect((await request.get(`${STACK.apiUrl}/api/users`, { headers: { authorization: `Bearer ${key}` } })).status()).toBe(403);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByLabel('The new key')).toHaveCount(0);

    // Revoke, after a confirmation: the key answers 401 at once.
    await page.getByRole('button', { name: `Revoke the key ${name}` }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectNoAxeViolations(page, 'revoke dialog');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText(`The key ${name} was revoked.`)).toBeVisible();
    expect((await request.get(`${STACK.apiUrl}/api/events/${events.items[0].id}/registrations`, { headers: { authorization: `Bearer ${key}` } })).status()).toBe(401);

    // Webhooks: an endpoint on a public address (nothing answers there in this sandbox: the log shows the failures).
    await page.goto(admin('/admin/integrations/webhooks'));
    await expect(page.getByRole('heading', { name: 'Webhooks', exact: true })).toBeVisible();
    await page.getByLabel('URL').fill('http://127.0.0.1/hook');
    await page.getByRole('checkbox', { name: 'contact.created' }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /https|private/ })).toBeVisible();
    await expectNoAxeViolations(page, 'webhooks with a refused URL');
    const url = `https://93.184.216.34/${test.info().project.name}-${Date.now()}`;
    await page.getByLabel('URL').fill(url);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByLabel('Signing secret')).toHaveValue(/^whsec_/);
    await expect(page.getByRole('link', { name: `Delivery log of ${url}` }).first()).toBeVisible();
    await expectNoAxeViolations(page, 'webhooks with a new endpoint');
    await shot(page, 'webhooks');

    // A change to deliver, then the log.
    await request.post(`${STACK.apiUrl}/api/contact`, { data: { name: 'Hook Test', email: 'hook@example.org', phone: '9876543210', subject: 'Webhook', message: 'A message for the endpoint.' } });
    await page.getByRole('link', { name: `Delivery log of ${url}` }).first().click();
    await expect(page.getByRole('heading', { name: 'Delivery log' })).toBeVisible();
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(page.getByText(/Retrying|Failed/).first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expectNoAxeViolations(page, 'delivery log');
    await shot(page, 'delivery-log');
    await page.getByRole('button', { name: /^Redeliver contact.created/ }).first().click();
    await expect(page.getByText('Queued to be sent again.')).toBeVisible();
  });
});
