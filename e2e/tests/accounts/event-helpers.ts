import { expect, type APIRequestContext } from '@playwright/test';
import { mailsTo, uniqueEmail, waitForCode } from '../../support/mail';
import { STACK } from '../../support/stack-config.cjs';
import { adminGql } from '../admin/admin-helpers';
import type { TestUser } from './helpers';

const IST_OFFSET_MS = 330 * 60_000;

/** India's date (YYYY-MM-DD) and the minute of the day now. */
export function indiaNow() {
  const iso = new Date(Date.now() + IST_OFFSET_MS).toISOString();
  return { date: iso.slice(0, 10), minutes: Number(iso.slice(11, 13)) * 60 + Number(iso.slice(14, 16)) };
}

/** A minute of the day as HH:MM. */
export const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** An event today (India date) starting `startInMinutes` from now; registration is open until the start. */
export async function createEventToday(request: APIRequestContext, title: string, startInMinutes: number): Promise<string> {
  const now = indiaNow();
  const { createEvent } = await adminGql<{ createEvent: { id: string } }>(request, 'mutation($input: EventInput!) { createEvent(input: $input) { id } }', {
    input: { title, category: 'GENERAL', description: `${title}: an end-to-end test event`, date: now.date, time: hhmm(now.minutes + startInMinutes), location: 'Civil Lines, Prayagraj' },
  });
  return createEvent.id;
}

/** Moves the event so that it ran from 00:00 to a minute ago (India time): it has ended. */
export async function endEventNow(request: APIRequestContext, eventId: string) {
  const now = indiaNow();
  await adminGql(request, 'mutation($id: ID!, $input: EventUpdateInput!) { updateEvent(id: $id, input: $input) { id } }', {
    id: eventId,
    input: { date: now.date, time: '00:00', endTime: hhmm(now.minutes - 1) },
  });
}

/** Skip reason when an event today cannot start `startInMinutes` from now and still be ended later today. */
export function todayTooTight(startInMinutes: number): string | null {
  const { minutes } = indiaNow();
  if (minutes < 5) return 'India time is before 00:05: an event today cannot have ended yet';
  if (minutes + startInMinutes > 23 * 60 + 58) return 'too close to midnight in India for an event starting later today';
  return null;
}

/**
 * A verified graduate account created through the API, as if from its own network address
 * (X-Forwarded-For from loopback is trusted), so many accounts stay under the per-address code limit.
 */
export async function createUserFrom(request: APIRequestContext, prefix: string, ip: string): Promise<TestUser & { id: string }> {
  // The code mail is sent within the request, with a 1.8 s limit: on a loaded 2-core machine (two stacks
  // side by side in CI, or ten sign-ups at once) the API may answer MAIL_UNAVAILABLE, "try again shortly",
  // which is what a person would do. Up to three tries, each with a new address (the first stays unverified).
  for (let attempt = 1; ; attempt++) {
    const made = await createUserFromOnce(request, prefix, ip);
    if (made !== 'MAIL_UNAVAILABLE') return made;
    if (attempt === 3) throw new Error(`sign-up of a ${prefix} user: MAIL_UNAVAILABLE three times`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function createUserFromOnce(request: APIRequestContext, prefix: string, ip: string): Promise<(TestUser & { id: string }) | 'MAIL_UNAVAILABLE'> {
  const email = uniqueEmail(prefix);
  const name = `E2E ${prefix} ${email.slice(prefix.length + 1, prefix.length + 7)}`;
  const phone = '9' + String(Math.floor(Math.random() * 1e9)).padStart(9, '0');
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': ip };
  const before = mailsTo(email).length;
  const reg = await request.post(`${STACK.apiUrl}/graphql`, {
    headers,
    data: { query: 'mutation($input: RegisterInput!) { register(input: $input) { userId } }', variables: { input: { name, email, phone, category: 'graduate' } } },
  });
  const regBody = await reg.json();
  if (regBody.errors?.length === 1 && regBody.errors[0].extensions?.code === 'MAIL_UNAVAILABLE') return 'MAIL_UNAVAILABLE';
  expect(regBody.errors, JSON.stringify(regBody.errors)).toBeUndefined();
  const otp = await waitForCode(email, before, 20_000);
  const ver = await request.post(`${STACK.apiUrl}/graphql`, {
    headers,
    data: { query: 'mutation($input: VerifyCodeInput!) { verifyRegistration(input: $input) { token } }', variables: { input: { userId: regBody.data.register.userId, otp } } },
  });
  const verBody = await ver.json();
  expect(verBody.errors, JSON.stringify(verBody.errors)).toBeUndefined();
  return { id: regBody.data.register.userId, name, email, phone, token: verBody.data.verifyRegistration.token };
}

/** Waits for a mail to the address (after `previousCount`) whose text matches `pattern`; returns the match. */
export async function waitForMailMatch(email: string, previousCount: number, pattern: RegExp, timeoutMs = 30_000): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const mail of mailsTo(email).slice(previousCount)) {
      const match = pattern.exec(mail);
      if (match) return match;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail matching ${pattern} to ${email} within ${timeoutMs} ms`);
}

/** The text/plain part of a raw (already decoded) message, or the whole message when it has no parts. */
export function textPart(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const text = parts.find((p) => /content-type:\s*text\/plain/i.test(p));
  return text ?? raw;
}
