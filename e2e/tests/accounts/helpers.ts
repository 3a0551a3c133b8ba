import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { mailsTo, uniqueEmail, waitForCode } from '../../support/mail';
import { STACK } from '../../support/stack-config.cjs';

const graphqlUrl = `${STACK.apiUrl}/graphql`;
const screenshotDir = path.resolve(STACK.dataDir, '..', 'artifacts', 'screenshots');

/** Runs a GraphQL operation against the API and returns `data` (fails the test on errors). */
export async function gql<T = Record<string, any>>(request: APIRequestContext, query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const response = await request.post(graphqlUrl, {
    data: { query, variables },
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const body = await response.json();
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data as T;
}

export interface TestUser {
  name: string;
  email: string;
  phone: string;
  token: string;
}

/** A verified graduate account created through the API (registration dialog calls, code read from mail). */
export async function createUser(request: APIRequestContext, prefix = 'user'): Promise<TestUser> {
  const email = uniqueEmail(prefix);
  const name = `E2E ${prefix} ${email.slice(prefix.length + 1, prefix.length + 6)}`;
  const phone = '9' + String(Math.floor(Math.random() * 1e9)).padStart(9, '0');
  const before = mailsTo(email).length;
  const { register } = await gql(request, 'mutation($input: RegisterInput!) { register(input: $input) { userId } }', {
    input: { name, email, phone, category: 'graduate' },
  });
  const otp = await waitForCode(email, before);
  const { verifyRegistration } = await gql(request, 'mutation($input: VerifyCodeInput!) { verifyRegistration(input: $input) { token } }', {
    input: { userId: register.userId, otp },
  });
  return { name, email, phone, token: verifyRegistration.token };
}

/**
 * An account that has had no code mailed yet (a teacher registration needs none), so a sign-in code
 * can be requested at once: every code to one address is throttled to one a minute.
 */
export async function createUserWithoutCode(request: APIRequestContext, prefix = 'user'): Promise<Omit<TestUser, 'token'> & { password: string }> {
  const email = uniqueEmail(prefix);
  const name = `E2E ${prefix} ${email.slice(prefix.length + 1, prefix.length + 6)}`;
  const phone = '9' + String(Math.floor(Math.random() * 1e9)).padStart(9, '0');
  const password = 'E2e-Pass-123';
  await gql(request, 'mutation($input: TeacherRegistrationInput!) { registerTeacher(input: $input) { message } }', {
    input: { name, email, phone, password, area: 'Civil Lines', district: 'Prayagraj', schoolName: 'E2E School' },
  });
  return { name, email, phone, password };
}

/** Signs the browser in with a token (as the login page would store it). */
export async function signInWithToken(page: Page, token: string) {
  await page.addInitScript((value) => {
    if (!window.sessionStorage.getItem('e2e-signed-in')) {
      window.localStorage.setItem('authToken', value);
      window.sessionStorage.setItem('e2e-signed-in', '1');
    }
  }, token);
}

/** An admin session token from the REST admin sign-in. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post(`${STACK.apiUrl}/api/admin/login`, {
    data: { email: STACK.adminEmail, password: STACK.adminPassword },
  });
  expect(response.ok()).toBeTruthy();
  return (await response.json()).token as string;
}

/** Screenshots at 390 px and 1280 px wide, kept under e2e/artifacts/screenshots. */
export async function screenshots(page: Page, name: string) {
  const original = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const [width, height] of [
    [390, 844],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(screenshotDir, `accounts-${name}-${width}.png`), fullPage: false });
  }
  await page.setViewportSize(original);
}
