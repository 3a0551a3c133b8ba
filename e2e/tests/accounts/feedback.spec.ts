import path from 'node:path';
import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { mailsTo } from '../../support/mail';
import { STACK } from '../../support/stack-config.cjs';
import { admin, adminGql, signIn } from '../admin/admin-helpers';
import { createEventToday, createUserFrom, endEventNow, textPart, todayTooTight, waitForMailMatch } from './event-helpers';
import { gql, screenshots } from './helpers';

const screenshotDir = path.resolve(STACK.dataDir, '..', 'artifacts', 'screenshots');
const FEEDBACK_LINK = /https?:\/\/[^\s"<>]+\/feedback\/([A-Za-z0-9._%-]+)/;
let ipCounter = Math.floor(Math.random() * 200);
const nextIp = () => `10.79.${Math.floor(ipCounter / 250) % 250}.${(ipCounter++ % 250) + 1}`;

test.describe('feedback after the event', () => {
  test('an attendee gets the form by mail, answers through the link, and the admin sees the figures', async ({ page, request }) => {
    test.setTimeout(150_000);
    const tight = todayTooTight(6);
    test.skip(tight !== null, tight ?? '');

    const title = `E2E feedback ${Date.now().toString(36)}`;
    const eventId = await createEventToday(request, title, 6);
    const user = await createUserFrom(request, 'feedback', nextIp());
    await gql(request, 'mutation($id: ID!) { registerForEvent(eventId: $id) { message } }', { id: eventId }, user.token);
    await adminGql(request, 'mutation($e: ID!, $u: ID!) { checkIn(eventId: $e, userId: $u) { success } }', { e: eventId, u: user.id });
    // No wait after the end: the feedback mail goes as soon as the event is over.
    await adminGql(request, 'mutation($id: ID!, $input: EventUpdateInput!) { updateEvent(id: $id, input: $input) { id } }', { id: eventId, input: { feedbackDelayHours: 0 } });
    const before = mailsTo(user.email).length;
    await endEventNow(request, eventId);

    const link = await waitForMailMatch(user.email, before, FEEDBACK_LINK, 60_000);
    const mail = textPart(mailsTo(user.email).slice(before).find((m) => FEEDBACK_LINK.test(m)) ?? '');
    expect(mail).toContain(title);

    // The link opens the form with no sign-in.
    const visitor = await page.context().browser()!.newContext({ baseURL: STACK.publicUrl });
    const form = await visitor.newPage();
    await form.goto(new URL(link[0]).pathname);
    await expect(form.getByRole('heading', { name: 'Your feedback', level: 1 })).toBeVisible();
    await expect(form.getByText(`Thank you for coming to ${title}`)).toBeVisible();
    await screenshots(form, 'feedback-form');
    const axe = await new AxeBuilder({ page: form }).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    await form.getByRole('group', { name: 'How useful was the event for you?' }).getByText('4', { exact: true }).click();
    await form.getByRole('group', { name: 'Overall, how would you rate the event?' }).getByText('5', { exact: true }).click();
    await form.getByLabel('What could we improve?').fill('More time for questions');
    await form.getByRole('button', { name: 'Send feedback' }).click();
    await expect(form.getByRole('status').filter({ hasText: 'Your feedback is saved' })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Save changes' })).toBeVisible();
    await screenshots(form, 'feedback-saved');
    await visitor.close();

    // The admin's event page: the rate, the averages, the bars (with their table), the comment.
    await signIn(page);
    await page.goto(admin(`/admin/events/view/${eventId}`));
    const card = page.getByRole('region', { name: 'Feedback' });
    await expect(card.getByText('1 of 1 attendee answered')).toBeVisible();
    await expect(card.getByText('100%')).toBeVisible();
    await expect(card.getByText('More time for questions')).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(screenshotDir, 'admin-event-feedback-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(screenshotDir, 'admin-event-feedback-390.png') });
    const adminAxe = await new AxeBuilder({ page }).include('section[aria-labelledby="feedback-title"]').analyze();
    expect(adminAxe.violations.map((v) => v.id)).toEqual([]);
  });
});
