/** The pure rules of i18n/languages.ts and i18n/translations.ts, without a database. */
import { indiaInstant } from '../../common/clock';
import type { EventEntity } from '../../events/event.entity';
import { EVENT_TEXT } from '../../events/event.types';
import { eventIcs } from '../../registrations/registration.ics';
import { requestLanguage } from '../languages';
import { allTranslations, applyTranslationInput, localize, missingLanguages, restText, translationField, type LocalizedText } from '../translations';

type F = 'title' | 'description' | 'location' | 'speaker';
const text = (translations: LocalizedText<F>['translations'], speaker: string | null = null): LocalizedText<F> => ({
  source: { title: 'Science fair', description: 'Projects', location: 'GIC Hall', speaker },
  translations,
});

describe('requestLanguage', () => {
  const req = (url: string, header?: string) => ({ url, headers: header === undefined ? {} : { 'accept-language': header } });
  it.each([
    ['/api/events', undefined, 'en'],
    ['/api/events?lang=hi', undefined, 'hi'],
    ['/api/events?lang=hi', 'en', 'hi'],
    ['/api/events?lang=en', 'hi', 'en'],
    ['/api/events?lang=fr', 'hi', 'hi'],
    ['/api/events?lang=', 'hi', 'hi'],
    ['/api/events?missingLanguage=hi', undefined, 'en'],
    ['/api/events?search=lang%3Dhi', undefined, 'en'],
    ['/api/events', 'hi', 'hi'],
    ['/api/events', 'hi-IN,hi;q=0.9,en;q=0.8', 'hi'],
    ['/api/events', 'en-US,hi;q=0.5', 'en'],
    ['/api/events', 'fr, de;q=0.5', 'en'],
    ['/api/events', '*', 'en'],
    ['/api/events', 'hi;q=0', 'en'],
    ['/api/events', '', 'en'],
  ])('%s with Accept-Language %j → %s', (url, header, lang) => {
    expect(requestLanguage(req(url, header))).toBe(lang);
  });

  it('takes a header sent twice', () => {
    expect(requestLanguage({ url: '/', headers: { 'accept-language': ['fr', 'hi;q=0.8'] } })).toBe('hi');
  });
});

describe('localize / allTranslations / missingLanguages', () => {
  it('falls back field by field', () => {
    const t = text({ hi: { title: 'विज्ञान मेला' } }, 'Dr. Rao');
    expect(localize(t, 'hi')).toEqual({ title: 'विज्ञान मेला', description: 'Projects', location: 'GIC Hall', speaker: 'Dr. Rao' });
    expect(localize(t, 'en')).toEqual(t.source);
    expect(allTranslations(t, EVENT_TEXT)).toEqual([
      { lang: 'en', title: 'Science fair', description: 'Projects', location: 'GIC Hall', speaker: 'Dr. Rao' },
      { lang: 'hi', title: 'विज्ञान मेला', description: null, location: null, speaker: null },
    ]);
    expect(missingLanguages(t, EVENT_TEXT)).toEqual(['hi']);
  });

  it('an optional field English lacks is not missing; one it has is', () => {
    const full = { title: 'क', description: 'ख', location: 'ग' };
    expect(missingLanguages(text({ hi: full }), EVENT_TEXT)).toEqual([]);
    expect(missingLanguages(text({ hi: full }, 'Dr. Rao'), EVENT_TEXT)).toEqual(['hi']);
    expect(missingLanguages(text({ hi: { ...full, speaker: 'डॉ. राव' } }, 'Dr. Rao'), EVENT_TEXT)).toEqual([]);
    expect(missingLanguages(text({}), EVENT_TEXT)).toEqual(['hi']);
  });

  it('restText: the fields in the language and every language as written', () => {
    expect(restText(text({ hi: { location: 'हॉल' } }), EVENT_TEXT, 'hi')).toEqual({
      title: 'Science fair',
      description: 'Projects',
      location: 'हॉल',
      speaker: null,
      translations: { en: { title: 'Science fair', description: 'Projects', location: 'GIC Hall', speaker: null }, hi: { title: null, description: null, location: 'हॉल', speaker: null } },
    });
  });
});

describe('applyTranslationInput', () => {
  it('a string sets, an empty string clears, absent (or not a string) leaves', () => {
    const current = { hi: { title: 'पुराना', location: 'हॉल' } };
    expect(applyTranslationInput(current, { titleHi: 'नया' }, EVENT_TEXT)).toEqual({ hi: { title: 'नया', location: 'हॉल' } });
    expect(applyTranslationInput(current, { titleHi: '' }, EVENT_TEXT)).toEqual({ hi: { location: 'हॉल' } });
    expect(applyTranslationInput(current, { title: 'English only' }, EVENT_TEXT)).toEqual(current);
    expect(applyTranslationInput(current, { titleHi: '', locationHi: '' }, EVENT_TEXT)).toEqual({});
    expect(applyTranslationInput({}, { speakerHi: 'डॉ. राव', titleFr: 'Foire' }, EVENT_TEXT)).toEqual({ hi: { speaker: 'डॉ. राव' } });
    // The current value is not changed in place.
    expect(current).toEqual({ hi: { title: 'पुराना', location: 'हॉल' } });
  });

  it('names the input fields titleHi, descriptionHi, ...', () => {
    expect(EVENT_TEXT.fields.map((f) => translationField(f, 'hi'))).toEqual(['titleHi', 'descriptionHi', 'locationHi', 'speakerHi']);
  });
});

describe('the .ics in Hindi', () => {
  it('a long Hindi title survives line folding whole', () => {
    const title = 'विज्ञान और गणित का बड़ा मेला, प्रयागराज के सभी विद्यालयों के छात्रों के लिए; प्रवेश निःशुल्क';
    const event = {
      id: '7d1b6a3e-2c4f-4a8e-9b1d-0f5e6c7a8b9c',
      title: 'Science fair',
      description: 'Projects',
      location: 'GIC Hall',
      speaker: null,
      date: '2026-07-10',
      time: '10:00',
      endDate: null,
      endTime: null,
      startsAt: indiaInstant('2026-07-10', '10:00'),
      externalLink: null,
      translations: { hi: { title, description: 'परियोजनाएँ' } },
    } as unknown as EventEntity;
    const ics = eventIcs(event, { publicOrigin: 'https://site.test', mailFrom: 'Gyan Jyoti Education Mission <no-reply@site.test>' }, 'hi');
    const unfolded = ics.replace(/\r?\n[ \t]/g, '');
    const summary = unfolded.split(/\r?\n/).find((l) => l.startsWith('SUMMARY'));
    expect(summary?.slice(summary.indexOf(':') + 1).replace(/\\([,;\\])/g, '$1')).toBe(title);
    expect(unfolded).toContain('DESCRIPTION:परियोजनाएँ');
    expect(unfolded).toContain(`URL:https://site.test/events/${event.id}?lang=hi`);
    // RFC 5545: lines of at most 75 octets, folded between characters (UTF-8 stays valid).
    const longest = Math.max(...ics.split('\r\n').map((l) => Buffer.byteLength(l)));
    expect(longest).toBeLessThanOrEqual(75);
    expect(ics).not.toContain('\uFFFD');
  });
});
