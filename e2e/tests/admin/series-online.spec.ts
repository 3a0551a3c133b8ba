import { expect, test } from '@playwright/test';
import { STACK } from '../../support/stack-config.cjs';
import { admin, adminGql, signIn } from './admin-helpers';
import { createUser, gql, signInWithToken } from '../accounts/helpers';

const SHOTS = process.env.SHOTS_DIR;
const shot = async (page: import('@playwright/test').Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
const LINK = 'https://meet.jit.si/e2e-series-online';

async function makeEvent(request: import('@playwright/test').APIRequestContext, title: string, date: string, meetingLink?: string) {
  const data = await adminGql<{ createEvent: { id: string } }>(request, 'mutation($input: EventInput!) { createEvent(input: $input) { id } }', {
    input: { title, description: 'Made by the series and online journey', category: 'PRIMARY', date, time: '17:00', location: 'Mission Centre, Kareli, Prayagraj', ...(meetingLink ? { meetingLink } : {}) },
  });
  return data.createEvent.id;
}

test.describe('series and online events', () => {
  test('an admin repeats an event, edits this and the following dates; the public page lists the dates and shows the link only when signed in', async ({ page, request }) => {
    // Several pages, an account and a registration: longer than one page's journey on a shared machine.
    test.setTimeout(240_000);
    const stamp = Date.now();
    // Repeat from the event page.
    const single = await makeEvent(request, `E2E Weekly parents meeting ${stamp}`, '2031-04-05');
    await signIn(page);
    await page.goto(admin(`/admin/events/view/${single}`));
    await page.getByRole('button', { name: 'Repeat' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Repeat this event' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(/Number of dates/).fill('3');
    await shot(page, 'admin-repeat-dialog-1280');
    await dialog.getByRole('button', { name: 'Create dates' }).click();
    await expect(page.getByText('2 dates created')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Repeat' })).toHaveCount(0);

    // An online series, edited "this and the following".
    const first = await makeEvent(request, `E2E Online class ${stamp}`, '2031-05-03', LINK);
    const repeated = await adminGql<{ repeatEvent: { events: { id: string }[] } }>(request, 'mutation($id: ID!) { repeatEvent(id: $id, input: { frequency: MONTHLY, count: 3 }) { events { id } } }', { id: first });
    const [second, third] = repeated.repeatEvent.events.map((e) => e.id);
    await page.goto(admin(`/admin/events/edit/${second}`));
    await expect(page.getByLabel('Online meeting link')).toHaveValue(LINK);
    const group = page.getByRole('group', { name: 'Apply the changes to' });
    await group.getByLabel('This and the following events of the series').check();
    await page.getByLabel('Speaker').first().fill('Dr. Sunita Pandey');
    await shot(page, 'admin-edit-series-date-1280');
    await page.getByRole('button', { name: 'Update Event' }).click();
    await expect(page.getByText('Event updated')).toBeVisible();
    const after = await adminGql<{ a: { speaker: string | null }; c: { speaker: string | null } }>(request, 'query($a: ID!, $c: ID!) { a: event(id: $a) { speaker } c: event(id: $c) { speaker } }', { a: first, c: third });
    expect(after).toEqual({ a: { speaker: null }, c: { speaker: 'Dr. Sunita Pandey' } });

    // The public page, signed out: the other dates, no link anywhere in the page.
    await page.goto(`${STACK.publicUrl}/events/${first}`);
    await expect(page.getByRole('heading', { name: 'Other dates of this series' })).toBeVisible();
    await expect(page.getByRole('link', { name: /2031/ }).first()).toBeVisible();
    expect(await page.content()).not.toContain('e2e-series-online');

    // Signed in as someone registered: the link is fetched for them and shown.
    const user = await createUser(request, 'online');
    await gql(request, 'mutation($id: ID!) { registerForEvent(eventId: $id) { message } }', { id: first }, user.token);
    await signInWithToken(page, user.token);
    await page.goto(`${STACK.publicUrl}/events/${first}`);
    await expect(page.getByRole('heading', { name: 'Join online' })).toBeVisible();
    await expect(page.getByText(LINK)).toBeVisible();
    await shot(page, 'public-online-series-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'public-online-series-390');
  });
});
