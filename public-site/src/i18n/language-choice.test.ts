import choice from '../../../site-server/language-choice-cases.json';
import { chooseLanguage, cookieValue, dropLanguageFromUrl, languageCookie, pickLanguage } from './language-choice';

/** Every cookie of the page removed (jsdom keeps them across tests). */
function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0].trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
}

describe('language choice', () => {
  beforeEach(() => {
    clearCookies();
    window.localStorage.clear();
    window.history.replaceState(null, '', '/');
  });
  afterAll(() => {
    clearCookies();
    window.history.replaceState(null, '', '/');
  });

  // The cases are shared with scripts/site-language.test.mjs: the server picks the page the same way.
  it.each(choice.cases)('chooses $browser for ?lang=$query, cookie $cookie, stored $stored', ({ query, cookie, stored, browser }) => {
    expect(pickLanguage({ query, cookie, stored })).toBe(browser);
  });

  it('writes the cookie the server reads: a year, every path, SameSite=Lax', () => {
    expect(languageCookie('hi')).toBe('lang=hi; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(cookieValue('a=1; lang=hi', 'lang')).toBe('hi');
    expect(cookieValue('xlang=hi', 'lang')).toBeNull();
  });

  it('moves a choice kept only in localStorage into the cookie, so the next page is served in it', () => {
    window.localStorage.setItem('lang', 'hi');
    expect(chooseLanguage()).toBe('hi');
    expect(cookieValue(document.cookie, 'lang')).toBe('hi');
  });

  it('remembers the language of a ?lang= link in the cookie and in localStorage', () => {
    document.cookie = languageCookie('hi');
    window.history.replaceState(null, '', '/about?lang=en');
    expect(chooseLanguage()).toBe('en');
    expect(cookieValue(document.cookie, 'lang')).toBe('en');
    expect(window.localStorage.getItem('lang')).toBe('en');
  });

  it('writes nothing for a reader who never chose', () => {
    expect(chooseLanguage()).toBe('en');
    expect(document.cookie).toBe('');
  });

  it('takes ?lang= out of the address after a switch, keeping the rest of it and the history entry', () => {
    window.history.replaceState({ key: 'k1' }, '', '/events?month=3&lang=hi#top');
    dropLanguageFromUrl();
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/events?month=3#top');
    expect(window.history.state).toEqual({ key: 'k1' });
  });
});
