import { expect, test } from '@playwright/test';

test('team page lists members newest first with accessible social links @mobile', async ({ page, request }) => {
  const res = await request.post('/graphql', { data: { query: '{ teamMembers { name } }' } });
  const names: string[] = (await res.json()).data.teamMembers.map((m: { name: string }) => m.name);

  await page.goto('/teams');
  await expect(page.getByRole('heading', { level: 1, name: 'Meet Our Team' })).toBeVisible();
  const shown = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(shown).toHaveCount(names.length);
  await expect(shown).toHaveText([...names].reverse());
  if (names.length > 0) {
    await expect(page.getByRole('img', { name: `Photo of ${names[0]}` })).toBeVisible();
    const links = page.getByRole('link', { name: new RegExp(` on (Facebook|LinkedIn|Twitter|GitHub)$`) });
    for (const link of await links.all()) await expect(link).toHaveAttribute('rel', /noopener/);
  }
});
