import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { STACK } from '../../support/stack-config.cjs';
import { adminToken, createUserWithoutCode, gql, type TestUser } from '../accounts/helpers';
import { createEventToday, createUserFrom, endEventNow, todayTooTight } from '../accounts/event-helpers';
import { adminGql } from '../admin/admin-helpers';

/**
 * Every rule axe-core has, switched on: the WCAG A/AA ones, best practices, AAA, and the rules tagged
 * experimental that axe leaves off by default (label-content-name-mismatch, WCAG 2.5.3 Label in Name,
 * is one of them). Named one by one, so a rule a newer axe adds runs too.
 */
export const EVERY_RULE = Object.fromEntries(axe.getRules().map((r) => [r.ruleId, { enabled: true }]));

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** One readable line per failing node, so a CI log says what to fix and where. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}  ${(n.failureSummary ?? '').split('\n').slice(1, 2).join(' ').trim()}`).join('\n')}`)
    .join('\n');
}

/**
 * Runs every axe rule (EVERY_RULE) on the page as it is now (after the caller waited for its content)
 * and fails on any violation, whatever its impact.
 */
export async function expectNoAxeViolations(page: Page, label: string, include?: string) {
  // Let entrance transitions finish: axe measures colours as painted.
  await page.waitForTimeout(400);
  let builder = new AxeBuilder({ page }).options({ rules: EVERY_RULE });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  // Soft: the test goes on to its other pages, so one run lists every page's violations.
  expect.soft(violations, `${label}: axe violations\n${describeViolations(violations)}`).toEqual([]);
}

/** The first demo event (any timing), for the event detail pages. */
export async function anyEventId(request: APIRequestContext): Promise<string> {
  const data = await gql<{ events: { items: { id: string }[] } }>(request, 'query { events(filter: { when: ALL }, limit: 1) { items { id } } }');
  return data.events.items[0].id;
}

/** An approved teacher with a session token (registered, approved by the admin, signed in with the password). */
export async function approvedTeacherToken(request: APIRequestContext): Promise<string> {
  const teacher = await createUserWithoutCode(request, 'a11y-teacher');
  const admin = await adminToken(request);
  const found = await request.get(`${STACK.apiUrl}/api/users/get-teachers?search=${encodeURIComponent(teacher.email)}`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  const teacherId = (await found.json()).data.find((u: { email: string }) => u.email === teacher.email)._id as string;
  const approved = await request.post(`${STACK.apiUrl}/api/users/update-status`, {
    headers: { authorization: `Bearer ${admin}` },
    data: { studentIds: [teacherId], status: 'approved' },
  });
  expect(approved.ok()).toBeTruthy();
  const { loginWithPassword } = await gql<{ loginWithPassword: { token: string } }>(
    request,
    'mutation($input: PasswordLoginInput!) { loginWithPassword(input: $input) { token } }',
    { input: { email: teacher.email, password: teacher.password } },
  );
  return loginWithPassword.token;
}

/**
 * An event held today that has ended, with one attendee (checked in at the door) who has a
 * certificate; and an upcoming event the same person is registered for. Null (with the reason)
 * when the India time of day leaves no room for an event today that has already ended.
 */
export async function eventsWithAttendance(request: APIRequestContext): Promise<
  { skip: string } | { skip: null; endedEventId: string; upcomingEventId: string; certificateCode: string; user: TestUser }
> {
  const tight = todayTooTight(30);
  if (tight) return { skip: tight };
  const endedEventId = await createEventToday(request, `A11y ended event ${Date.now().toString(36)}`, 6);
  const upcomingEventId = await createEventToday(request, `A11y upcoming event ${Date.now().toString(36)}`, 30);
  const user = await createUserFrom(request, 'a11y-attendee', `10.78.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`);
  for (const id of [endedEventId, upcomingEventId]) {
    await gql(request, 'mutation($id: ID!) { registerForEvent(eventId: $id) { message } }', { id }, user.token);
  }
  const { event } = await gql<{ event: { myCheckIn: { code: string } } }>(request, 'query($id: ID!) { event(id: $id) { myCheckIn { code } } }', { id: endedEventId }, user.token);
  await adminGql(request, 'mutation($e: ID!, $c: String) { checkIn(eventId: $e, code: $c) { success } }', { e: endedEventId, c: event.myCheckIn.code });
  await endEventNow(request, endedEventId);
  await adminGql(request, 'mutation($e: ID!) { issueCertificates(eventId: $e) { issued } }', { e: endedEventId });
  const mine = await gql<{ event: { myCertificate: { code: string } } }>(request, 'query($id: ID!) { event(id: $id) { myCertificate { code } } }', { id: endedEventId }, user.token);
  return { skip: null, endedEventId, upcomingEventId, certificateCode: mine.event.myCertificate.code, user };
}
