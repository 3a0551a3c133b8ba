import { expect, test } from '@playwright/test';
import { STACK } from '../../support/stack-config.cjs';
import { admin, adminGql, pngImage, signIn } from './admin-helpers';

// Content in English and Hindi: the admin writes both on the form's language tabs, sees the Hindi card
// fall back to English where Hindi is missing, and the lists say which records still lack Hindi.
test.describe('admin content in English and Hindi', () => {
  test('writes an event in both languages, finds it among those missing Hindi, and clears the Hindi again', async ({ page, request }) => {
    const title = `E2E Bilingual Camp ${Date.now()}`;
    await signIn(page);
    await page.goto(admin('/admin/events/new'));
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('Guidance for graduates on careers and scholarships.');
    await page.getByLabel('Location').fill('Mission Centre, Kareli, Prayagraj');
    await page.getByLabel('Category').selectOption('GRADUATE');
    await page.getByRole('textbox', { name: 'Date', exact: true }).fill('2031-05-01');
    await page.getByRole('textbox', { name: 'Time', exact: true }).fill('10:00');
    await expect(page.getByRole('tab', { name: 'Hindi — 3 fields missing' })).toBeVisible();

    // The tabs work from the keyboard; the Hindi fields are marked as Hindi.
    await page.getByRole('tab', { name: /^English/ }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: /^Hindi/ })).toHaveAttribute('aria-selected', 'true');
    const titleHi = page.getByLabel('Title (Hindi)');
    await expect(titleHi).toHaveAttribute('lang', 'hi');
    await titleHi.fill('करियर मार्गदर्शन शिविर');
    await page.getByLabel('Description (Hindi)').fill('स्नातकों के लिए करियर और छात्रवृत्ति पर मार्गदर्शन।');
    await expect(page.getByText('22 / 200')).toBeVisible();
    const preview = page.getByRole('region', { name: 'Preview: the public card in Hindi' });
    await expect(preview.getByText('करियर मार्गदर्शन शिविर')).toBeVisible();
    await expect(preview.getByText('Mission Centre, Kareli, Prayagraj')).toBeVisible();
    await expect(preview.getByText('Hindi missing — English shown')).toHaveCount(1);
    await expect(page.getByRole('tab', { name: 'Hindi — 1 field missing' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Event' }).click();
    await expect(page.getByText('Event created')).toBeVisible();
    const id = /\/admin\/events\/view\/([^/?#]+)/.exec(page.url())?.[1];
    expect(id).toBeTruthy();

    // Visitors reading Hindi get the Hindi title and the English location.
    const hindi = await request.post(`${STACK.apiUrl}/graphql`, {
      data: { query: 'query($id: ID!) { event(id: $id) { title location missingLanguages } }', variables: { id } },
      headers: { 'accept-language': 'hi' },
    });
    expect((await hindi.json()).data.event).toEqual({ title: 'करियर मार्गदर्शन शिविर', location: 'Mission Centre, Kareli, Prayagraj', missingLanguages: ['hi'] });

    // The list, in English whatever the browser prefers, marks it and finds it under Missing Hindi.
    await page.goto(admin('/admin/events?missing=hi'));
    await expect(page.getByRole('button', { name: 'Missing Hindi' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('searchbox', { name: 'Search events by title, speaker or id' }).fill(title);
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row.getByText('Hindi incomplete')).toBeVisible();

    // Cleared Hindi fields are removed: the event has no Hindi at all.
    await row.getByRole('link', { name: `Edit ${title}` }).click();
    await page.getByRole('tab', { name: /^Hindi/ }).click();
    await expect(page.getByLabel('Title (Hindi)')).toHaveValue('करियर मार्गदर्शन शिविर');
    await page.getByLabel('Title (Hindi)').fill('');
    await page.getByLabel('Description (Hindi)').fill('');
    await page.getByRole('button', { name: 'Update Event' }).click();
    await expect(page.getByText('Event updated')).toBeVisible();
    await page.goto(admin(`/admin/events?missing=hi&search=${encodeURIComponent(title)}`));
    await expect(page.getByRole('row').filter({ hasText: title }).getByText('No Hindi')).toBeVisible();

    await adminGql(request, 'mutation($id: ID!) { deleteEvent(id: $id) { id } }', { id });
  });

  test('adds a team member with a Hindi name only and finds them under Missing Hindi', async ({ page, request }) => {
    const name = `E2E Bilingual Member ${Date.now()}`;
    await signIn(page);
    await page.goto(admin('/admin/team'));
    await page.getByRole('button', { name: 'Add Team Member' }).click();
    const form = page.getByRole('form', { name: 'Add Team Member' });
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Designation').fill('Volunteer');
    await page.getByLabel('Description').fill('Teaches mathematics on Saturdays.');
    await form.getByRole('tab', { name: /^Hindi/ }).click();
    await page.getByLabel('Name (Hindi)').fill('द्विभाषी सदस्य');
    const preview = page.getByRole('region', { name: 'Preview: the public card in Hindi' });
    await expect(preview.getByText('द्विभाषी सदस्य')).toBeVisible();
    await expect(preview.getByText('Hindi missing — English shown')).toHaveCount(2);
    await page.getByLabel('Photo').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: pngImage(80, 80, [40, 160, 120]) });
    await form.getByRole('button', { name: 'Add Team Member' }).click();
    await expect(page.getByText('Team member added successfully')).toBeVisible();

    await page.getByRole('button', { name: 'Missing Hindi' }).click();
    await page.getByRole('searchbox', { name: 'Search team members' }).fill(name);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await expect(card.getByText('Hindi incomplete')).toBeVisible();
    await expect(page).toHaveURL(/missing=hi/);

    const { teamMembers } = await adminGql<{ teamMembers: { id: string; name: string }[] }>(request, '{ teamMembers { id name } }');
    const created = teamMembers.find((m) => m.name === name);
    if (created) await adminGql(request, 'mutation($id: ID!) { deleteTeamMember(id: $id) { id } }', { id: created.id });
  });
});
