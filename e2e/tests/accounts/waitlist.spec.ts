import { expect, test } from '@playwright/test';
import { mailsTo } from '../../support/mail';
import { adminGql } from '../admin/admin-helpers';
import { createUser, gql, screenshots, signInWithToken } from './helpers';

/** India's date some days from now, as the admin form takes it. */
const indiaDay = (days: number) => new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);

/** Waits for a new mail to the address whose text has a link matching `pattern`; returns the link. */
async function waitForLink(email: string, previousCount: number, pattern: RegExp, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const mail of mailsTo(email).slice(previousCount)) {
      const match = pattern.exec(mail);
      if (match) return match[0];
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail with ${pattern} to ${email} within ${timeoutMs} ms`);
}

test.describe('waitlist', () => {
  test('a full event: the second person joins the waitlist, a place frees, the offer mail arrives and its link registers them', async ({ page, request }) => {
    const { createEvent } = await adminGql<{ createEvent: { id: string } }>(
      request,
      'mutation($input: EventInput!) { createEvent(input: $input) { id } }',
      { input: { title: 'E2E one-seat workshop', category: 'GENERAL', description: 'A workshop with a single place', date: indiaDay(5), time: '10:30', location: 'Civil Lines', maxParticipants: 1 } },
    );
    const eventId = createEvent.id;
    const first = await createUser(request, 'seat');
    const second = await createUser(request, 'waiting');
    await gql(request, 'mutation($id: ID!) { registerForEvent(eventId: $id) { message } }', { id: eventId }, first.token);

    // The second person finds it full and joins the waitlist.
    await signInWithToken(page, second.token);
    await page.goto(`/events/${eventId}`);
    await expect(page.getByText(/full/i).first()).toBeVisible();
    await page.getByRole('button', { name: 'Join waitlist' }).click();
    await expect(page.getByText(/number 1 on the waitlist/i)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Leave waitlist' })).toBeVisible();
    await screenshots(page, 'waitlist-joined');

    // The first person gives the place back: the offer goes out by mail.
    const mailsBefore = mailsTo(second.email).length;
    await gql(request, 'mutation($id: ID!) { unregisterFromEvent(eventId: $id) { message } }', { id: eventId }, first.token);
    const link = await waitForLink(second.email, mailsBefore, /https?:\/\/[^\s"<>]+\/events\/[0-9a-f-]{36}\?offer=accept/);
    expect(link).toContain(eventId);

    // The link brings them to the held place; accepting registers them.
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByText(/held for you until/i)).toBeVisible();
    await screenshots(page, 'waitlist-offer');
    await page.getByRole('button', { name: 'Accept your place' }).click();
    await expect(page.getByRole('button', { name: /Registered/ })).toBeDisabled();
    const { event } = await gql<{ event: { registeredCount: number; isRegistered: boolean; waitlistCount: number } }>(
      request,
      'query($id: ID!) { event(id: $id) { registeredCount isRegistered waitlistCount } }',
      { id: eventId },
      second.token,
    );
    expect(event).toEqual({ registeredCount: 1, isRegistered: true, waitlistCount: 0 });
  });
});
