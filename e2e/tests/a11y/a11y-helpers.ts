import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { STACK } from '../../support/stack-config.cjs';
import { adminToken, createUserWithoutCode, gql } from '../accounts/helpers';

/** The WCAG 2.0 / 2.1 A and AA rules; a serious or critical violation fails the test. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

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
 * Runs axe on the page as it is now (after the caller waited for its content) and fails on any
 * serious or critical WCAG A/AA violation. Moderate and minor ones are attached to the report.
 */
export async function expectNoSeriousViolations(page: Page, label: string, include?: string) {
  // Let entrance transitions finish: axe measures colours as painted.
  await page.waitForTimeout(400);
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const minor = violations.filter((v) => !serious.includes(v));
  if (minor.length) console.log(`[axe] ${label}: minor/moderate\n${describeViolations(minor)}`);
  expect(serious, `${label}: serious or critical axe violations\n${describeViolations(serious)}`).toEqual([]);
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
