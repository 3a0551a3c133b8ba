import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { STACK } from '../../support/stack-config.cjs';
import { mailsTo, uniqueEmail } from '../../support/mail';
import { createUser, createUserWithoutCode, gql, signInWithToken } from '../accounts/helpers';

/**
 * Every string a Hindi reader is shown must come from the Hindi catalogue (or be data: names, e-mail
 * addresses, event titles as the admin wrote them). This walks every public page and the main dialogs
 * and steps in Hindi (signed out and signed in, the sign-up and login steps after a code was sent),
 * collects the visible text (and the labels read out: aria-label, placeholder, alt, title, the
 * document title) and fails on
 *  - a text that is an English catalogue value whose Hindi differs (public-site/src/i18n/locales), and
 *  - any Latin-script word that is not in the data the page shows (the API's events and team, the
 *    test's own people) nor in a short list of names that stay in Latin letters.
 */

const locales = path.resolve(__dirname, '../../../public-site/src/i18n/locales');
type Catalogue = { [key: string]: string | Catalogue };
const flatten = (c: Catalogue, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(c).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v]] : Object.entries(flatten(v, `${prefix}${k}.`)))),
  );
const en = flatten(JSON.parse(readFileSync(path.join(locales, 'en.json'), 'utf8')));
const hi = flatten(JSON.parse(readFileSync(path.join(locales, 'hi.json'), 'utf8')));

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** English catalogue values that Hindi says differently, as whole-text patterns ({{x}} matches anything). */
const englishOnly = Object.entries(en)
  .filter(([key, value]) => hi[key] !== undefined && hi[key] !== value && /[A-Za-z]{2}/.test(value))
  .map(([key, value]) => ({
    key,
    pattern: new RegExp(`^${value.split(/\{\{\s*\w+\s*\}\}/).map(escape).join('.+')}$`),
    /** With a placeholder ("{{count}} event") the pattern also matches data ("… an end-to-end test event"). */
    loose: /\{\{\s*\w+\s*\}\}/.test(value),
  }));

/** A Hindi catalogue text as a pattern ({{x}} matches anything), to find buttons by their Hindi names. */
const hindi = (key: string) => new RegExp(`^${hi[key].split(/\{\{\s*\w+\s*\}\}/).map(escape).join('.+')}$`);

/** Names that are written in Latin letters in Hindi too (the language switch names English in English, brands). */
const LATIN_ALLOWED = new Set(['English', 'Facebook', 'LinkedIn', 'Twitter', 'GitHub', 'X', 'Google', 'Apple', 'Outlook', 'WhatsApp', 'QR', 'PDF', 'ICS', 'iCal']);

const latinWords = (text: string) =>
  text
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ') // e-mail addresses
    .replace(/\bhttps?:\/\/\S+/g, ' ')
    .replace(/\b[A-Z0-9]{4}(-[A-Z0-9]{4}){2,}\b/g, ' ') // certificate and check-in codes
    .match(/[A-Za-z][A-Za-z’']*/g) ?? [];

interface Shown {
  text: string;
  where: string;
}

/** Visible text nodes (and the labels read out) of the page, outside parts marked lang="en". */
async function shownText(page: Page): Promise<Shown[]> {
  return page.evaluate(() => {
    const out: { text: string; where: string }[] = [];
    const english = (el: Element) => (el.closest('[lang]')?.getAttribute('lang') ?? 'hi').startsWith('en');
    const visible = (el: Element) => {
      const select = el.closest('select');
      if (select) return select.checkVisibility();
      return el.checkVisibility({ visibilityProperty: true, opacityProperty: false } as CheckVisibilityOptions);
    };
    const where = (el: Element) => {
      const parts: string[] = [];
      for (let e: Element | null = el; e && parts.length < 3; e = e.parentElement) {
        parts.unshift(e.tagName.toLowerCase() + (e.id ? `#${e.id}` : '') + (typeof e.className === 'string' && e.className ? `.${e.className.trim().split(/\s+/)[0]}` : ''));
      }
      return parts.join(' > ');
    };
    out.push({ text: document.title, where: 'document.title' });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || el.closest('script, style, noscript, template') || english(el) || !visible(el)) continue;
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (text) out.push({ text, where: where(el) });
    }
    for (const el of Array.from(document.querySelectorAll('[aria-label], [placeholder], [title], img[alt], [aria-roledescription]'))) {
      if (english(el) || !visible(el)) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt', 'aria-roledescription']) {
        const text = el.getAttribute(name)?.replace(/\s+/g, ' ').trim();
        if (text) out.push({ text, where: `${where(el)} [${name}]` });
      }
    }
    return out;
  });
}

/** Words of the data the pages show (as the API gives them in either language), and of the test's people. */
async function dataWords(request: APIRequestContext, extra: string[]): Promise<Set<string>> {
  const texts = [...extra];
  for (const lang of ['en', 'hi']) {
    const response = await request.post(`${STACK.apiUrl}/graphql?lang=${lang}`, {
      data: {
        query: `{ events(filter: { when: ALL }, limit: 100) { items { title description location speaker } }
                  teamMembers { name designation description } }`,
      },
    });
    const body = await response.json();
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    for (const e of body.data.events.items) texts.push(e.title, e.description, e.location, e.speaker ?? '');
    for (const m of body.data.teamMembers) texts.push(m.name, m.designation, m.description);
  }
  return new Set(texts.flatMap((t) => latinWords(t)));
}

interface Problem {
  page: string;
  text: string;
  where: string;
  why: string;
}

class HindiCheck {
  problems: Problem[] = [];
  seen = 0;
  constructor(private readonly allowed: Set<string>) {}

  async check(page: Page, label: string) {
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await page.waitForLoadState('networkidle');
    // Wait out the loading messages (their text is checked too, but the page's text is the point).
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 }).catch(() => undefined);
    const shown = await shownText(page);
    this.seen += shown.length;
    for (const { text, where } of shown) {
      // Text made only of the data's words (an event's title or description) is data, not a catalogue string
      // with a placeholder filled in; an exact catalogue string is flagged whatever it is made of.
      const words = latinWords(text);
      const isData = words.length > 0 && words.every((w) => this.allowed.has(w) || LATIN_ALLOWED.has(w));
      const catalogued = englishOnly.find((e) => (!e.loose || !isData) && e.pattern.test(text));
      if (catalogued) {
        this.problems.push({ page: label, text, where, why: `English catalogue value of ${catalogued.key}` });
        continue;
      }
      const stray = latinWords(text).filter((w) => !this.allowed.has(w) && !LATIN_ALLOWED.has(w));
      if (stray.length) this.problems.push({ page: label, text, where, why: `Latin-script word(s) ${stray.join(', ')}` });
    }
  }

  async visit(page: Page, url: string, label = url) {
    await page.goto(url);
    await this.check(page, label);
  }

  /** One line per text and place, with the pages it was seen on. */
  report() {
    const lines = new Map<string, string[]>();
    for (const p of this.problems) {
      const line = `"${p.text}" (${p.where}): ${p.why}`;
      lines.set(line, [...(lines.get(line) ?? []), p.page]);
    }
    return [...lines].map(([line, pages]) => `${line}; on ${[...new Set(pages)].join(', ')}`).join('\n');
  }
}

async function hindiContext(context: BrowserContext) {
  await context.addCookies([{ name: 'lang', value: 'hi', url: STACK.publicUrl }]);
}

/** Upcoming and past events of the seed (the API's event ids). */
async function someEvents(request: APIRequestContext) {
  const { upcoming, past } = await gql<{ upcoming: { items: { id: string }[] }; past: { items: { id: string }[] } }>(
    request,
    `{ upcoming: events(filter: { when: UPCOMING }, limit: 1) { items { id } } past: events(filter: { when: PAST }, limit: 1) { items { id } } }`,
  );
  return { upcoming: upcoming.items[0]?.id, past: past.items[0]?.id };
}

test.describe('Hindi pages show only Hindi', () => {
  test.setTimeout(420_000);

  test('every public page, dialog and step in Hindi, signed out and signed in', async ({ page, request, browser }) => {
    const member = await createUser(request, 'hindi-text');
    const teacher = await createUserWithoutCode(request, 'hindi-login');
    const signUpEmail = uniqueEmail('hindi-signup');
    const dialogEmail = uniqueEmail('hindi-dialog');
    const allowed = await dataWords(request, [member.name, teacher.name, 'Asha Verma', 'Ravi Kumar']);
    const checker = new HindiCheck(allowed);
    const { upcoming, past } = await someEvents(request);
    await hindiContext(page.context());

    // Signed out: every page.
    for (const url of [
      '/',
      '/about',
      '/contact',
      '/events',
      ...(upcoming ? [`/events/${upcoming}`] : []),
      ...(past ? [`/events/${past}`] : []),
      '/teams',
      '/registration',
      '/login',
      '/register',
      '/verify-otp',
      '/add-student',
      '/profile',
      '/my-events',
      '/reminders/stop?token=x',
      '/certificates/ABCD-EFGH-JKLM-NPQR',
      '/no-such-page',
    ]) {
      await checker.visit(page, url);
    }

    // The contact form's messages.
    await page.goto('/contact');
    await page.locator('main form button[type="submit"]').click();
    await checker.check(page, '/contact (empty form sent)');

    // Login: the messages, then the code step after a code was sent, a wrong code, a reload, and the password form.
    await page.goto('/login');
    await page.locator('main form button[type="submit"]').click();
    await checker.check(page, '/login (no e-mail)');
    await page.getByLabel('ई-मेल').fill(teacher.email);
    await page.locator('main form button[type="submit"]').click();
    await expect(page.getByLabel('ओटीपी')).toBeVisible();
    await checker.check(page, '/login (code sent)');
    await page.getByLabel('ओटीपी').fill('000000');
    await page.locator('main form button[type="submit"]').click();
    await expect(page.getByRole('alert')).toBeVisible();
    await checker.check(page, '/login (wrong code)');
    await page.reload();
    await expect(page.getByLabel('ओटीपी')).toBeVisible();
    await checker.check(page, '/login (reloaded on the code step)');
    await page.getByRole('button', { name: hindi('login.usePassword') }).click();
    await checker.check(page, '/login (password)');

    // Sign-up page: the messages, then the code step.
    await page.goto('/register');
    await page.locator('main form button[type="submit"]').first().click();
    await checker.check(page, '/register (empty form sent)');
    await page.getByLabel('पूरा नाम').fill('Asha Verma');
    await page.getByLabel('ई-मेल').fill(signUpEmail);
    await page.getByLabel('फ़ोन').fill('9876501234');
    await page.getByLabel('पासवर्ड', { exact: true }).fill('secret-123');
    await page.getByLabel('पासवर्ड की पुष्टि करें').fill('secret-123');
    await page.getByRole('radio', { name: 'स्नातक या उससे ऊपर' }).check();
    await page.locator('main form button[type="submit"]').first().click();
    await expect(page.getByLabel('ओटीपी')).toBeVisible();
    await checker.check(page, '/register (code sent)');

    // The registration dialog: step 1 with its messages, then step 2 after the code was sent.
    await page.goto('/registration');
    await page.getByRole('button', { name: 'स्नातक एवं उससे ऊपर के लिए पंजीकरण करें' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('form button[type="submit"]').click();
    await checker.check(page, '/registration dialog (empty form sent)');
    await dialog.getByLabel('पूरा नाम').fill('Ravi Kumar');
    await dialog.getByLabel('ई-मेल').fill(dialogEmail);
    await dialog.getByLabel('फ़ोन').fill('9876505678');
    const before = mailsTo(dialogEmail).length;
    await dialog.locator('form button[type="submit"]').click();
    await expect(dialog.getByLabel('ओटीपी')).toBeVisible();
    expect(mailsTo(dialogEmail).length).toBeGreaterThanOrEqual(before);
    await checker.check(page, '/registration dialog (code sent)');

    // The teacher dialog on /add-student: sign in (both ways) and register.
    await page.goto('/add-student');
    await page.getByRole('button', { name: hindi('teacher.loginRegister') }).click();
    await checker.check(page, '/add-student dialog (login)');
    await page.getByText(hindi('teacher.auth.withOtp')).click();
    await checker.check(page, '/add-student dialog (login with a code)');
    await page.getByRole('button', { name: hindi('teacher.auth.toRegister') }).click();
    await checker.check(page, '/add-student dialog (register)');

    // The menu of a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: hindi('nav.openMenu') }).click();
    await checker.check(page, '/ (phone menu open)');

    // Signed in.
    const reader = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await hindiContext(reader);
    const signedIn = await reader.newPage();
    await signInWithToken(signedIn, member.token);
    for (const url of ['/', '/events', '/profile', '/my-events', '/verify-otp', '/add-student', '/registration']) {
      await checker.visit(signedIn, url, `${url} (signed in)`);
    }
    if (upcoming) {
      await checker.visit(signedIn, `/events/${upcoming}`, `/events/:upcoming (signed in)`);
      const register = signedIn.getByRole('button', { name: hindi('eventRegistration.registerFor') });
      if (await register.isVisible()) {
        await register.click();
        await signedIn.waitForLoadState('networkidle');
        await checker.check(signedIn, `/events/:upcoming (signed in, after Register Now)`);
      }
      await checker.visit(signedIn, '/my-events', '/my-events (signed in, registered)');
    }
    await signedIn.getByRole('button', { name: new RegExp(member.name) }).first().click().catch(() => undefined);
    await checker.check(signedIn, 'account menu (signed in)');
    await reader.close();

    expect(checker.seen).toBeGreaterThan(500);
    expect(checker.problems, `text on Hindi pages that is not from the Hindi catalogue:\n${checker.report()}`).toEqual([]);
  });
});
