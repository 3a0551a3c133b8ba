// The server's choice of language, and the head it writes for it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { alternateLinks, withMeta } from '../page-head.js';
import { pageMeta } from '../page-meta.js';
import { cookieValue, languageOf, pickLanguage } from '../language.js';

/** Shared with the browser's tests (public-site/src/i18n/language-choice.test.ts): both sides choose alike. */
const { cases } = JSON.parse(readFileSync(new URL('../../language-choice-cases.json', import.meta.url), 'utf8')) as {
  cases: { query: string | null; cookie: string | null; server: string }[];
};

describe('language', () => {
  it('chooses as the browser does: ?lang, then the cookie, then English', () => {
    for (const { query, cookie, server } of cases) assert.equal(pickLanguage({ query, cookie }), server, JSON.stringify({ query, cookie }));
  });

  it('reads the cookie among others, and the first ?lang of a repeated one', () => {
    assert.equal(cookieValue('a=1; lang=hi; b=2', 'lang'), 'hi');
    assert.equal(cookieValue('xlang=hi', 'lang'), undefined);
    assert.equal(cookieValue(undefined, 'lang'), undefined);
    assert.equal(languageOf('lang=hi&lang=en', undefined), 'hi');
    assert.equal(languageOf('', 'a=1; lang=hi'), 'hi');
  });

  it('reads the same from a raw query string and Cookie header (the site server\'s hot path)', () => {
    for (const { query, cookie, server } of cases) {
      const search = query === undefined || query === null ? '' : `utm=x&lang=${encodeURIComponent(query)}`;
      assert.equal(languageOf(search, cookie === undefined || cookie === null ? undefined : `theme=dark; lang=${cookie}`), server, JSON.stringify({ query, cookie }));
    }
    assert.equal(languageOf('lang=hi&lang=en', undefined), 'hi');
    assert.equal(languageOf('language=hi', 'lang=hi'), 'hi');
    assert.equal(languageOf('language=hi', undefined), 'en');
    assert.equal(languageOf('', undefined), 'en');
  });
});

describe('page-head', () => {
  const template = '<html lang="en"><head><meta name="description" content="x" /><title>t</title></head></html>';

  it('gives the same head when applied again (a prerendered page already has one)', () => {
    const meta = { ...pageMeta['/about'].hi, lang: 'hi' as const, siteName: 'ज्ञान ज्योति शिक्षा मिशन', pageUrl: 'https://example.org/about' };
    const once = withMeta(template, meta);
    assert.equal(withMeta(withMeta(template, { ...pageMeta['/about'].en, lang: 'en' as const, siteName: 'x', keepMarker: true }), meta), once);
    assert.equal(withMeta(once, meta), once);
  });

  it('leaves a marker for nginx only when it has no URL to write', () => {
    const meta = { ...pageMeta['/'].en, lang: 'en' as const, siteName: 'x' };
    assert.match(withMeta(template, { ...meta, keepMarker: true }), /<!--page-alternates-->/);
    assert.doesNotMatch(withMeta(template, { ...meta, keepMarker: true, pageUrl: 'https://example.org/' }), /<!--page-alternates-->/);
  });

  it('escapes the URL it writes', () => {
    assert.ok(alternateLinks('https://example.org/a"b', 'hi').every((link) => !link.includes('a"b')));
  });

  it('has every page in both languages, the Hindi one in Devanagari', () => {
    for (const [route, meta] of Object.entries(pageMeta)) {
      assert.ok(meta.en.title && meta.en.description, route);
      assert.match(meta.hi.title, /[\u0900-\u097F]/, route);
      assert.match(meta.hi.description, /[\u0900-\u097F]/, route);
      assert.ok(meta.hi.description.length <= 200, route);
    }
  });
});
