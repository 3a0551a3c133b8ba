import { expect, test } from '@playwright/test';
import { createUser, gql, screenshots, signInWithToken } from './helpers';

interface EventRow {
  id: string;
  title: string;
  isFull: boolean;
  hasStarted: boolean;
  maxParticipants: number | null;
}

test.describe('event registration', () => {
  test('a signed-in user registers and unregisters; the count follows; Add to calendar downloads', async ({ page, request }) => {
    const { events } = await gql<{ events: { items: EventRow[] } }>(
      request,
      '{ events(filter: { when: FUTURE }, limit: 50) { items { id title isFull hasStarted maxParticipants } } }',
    );
    const event = events.items.find((e) => !e.isFull && !e.hasStarted && e.maxParticipants);
    test.skip(!event, 'no future event with free places in the seed');
    const account = await createUser(request, 'events');

    // Signed out: Register Now asks to log in.
    await page.goto(`/events/${event!.id}`);
    await page.getByRole('button', { name: 'Register Now' }).click();
    await expect(page.getByRole('alert')).toContainText('You must be logged in to register.');
    const calendar = page.getByRole('link', { name: /Add to calendar/ });
    await expect(calendar).toHaveAttribute('download', '');
    const ics = await request.get(`${new URL(page.url()).origin}${await calendar.getAttribute('href')}`);
    expect(ics.ok()).toBeTruthy();
    expect(await ics.text()).toContain('BEGIN:VCALENDAR');

    await signInWithToken(page, account.token);
    await page.goto(`/events/${event!.id}`);
    const participants = page.getByTestId('participants');
    // The page is drawn by the server first (signed out, its button not live yet); read the count once the
    // app has drawn it for this reader.
    await expect(page.getByRole('button', { name: 'Register Now' })).toBeEnabled();
    const before = Number((await participants.textContent())?.match(/\d+/)?.[0]);
    await page.getByRole('button', { name: 'Register Now' }).click();
    await expect(page.getByText('Successfully registered for the event!')).toBeVisible();
    await expect(page.getByRole('button', { name: /Registered/ })).toBeDisabled();
    await expect(participants).toContainText(`${before + 1} /`);
    await screenshots(page, 'event-registered');
    await expect(page.getByText('Successfully registered for the event!')).toBeHidden({ timeout: 5_000 });

    await page.reload();
    await expect(page.getByRole('button', { name: /Registered/ })).toBeDisabled();
    await page.getByRole('button', { name: 'Unregister' }).click();
    // It asks first (issue 24, item 7).
    await page.getByRole('dialog', { name: 'Unregister from this event?' }).getByRole('button', { name: 'Yes, unregister' }).click();
    await expect(page.getByText('Successfully unregistered from the event.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Register Now' })).toBeEnabled();
    await expect(participants).toContainText(`${before} /`);

    // Event cards offer the small register button to signed-in users.
    await page.goto('/events');
    await expect(page.getByRole('button', { name: /^Register for / }).first()).toBeVisible();
    await screenshots(page, 'event-cards');
  });
});
