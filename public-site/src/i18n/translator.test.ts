import { Translator } from './translator';

const make = () => {
  const tr = new Translator();
  tr.add('en', { nav: { home: 'Home' }, greet: 'Hello {{name}}', dayEvents_one: '{{count}} event', dayEvents_other: '{{count}} events', onlyEnglish: 'English only' });
  tr.add('hi', { nav: { home: 'होम' }, greet: 'नमस्ते {{name}}', dayEvents_one: '{{count}} कार्यक्रम', dayEvents_other: '{{count}} कार्यक्रम' });
  return tr;
};

describe('Translator', () => {
  it('finds nested keys and interpolates, leaving unknown placeholders as written', () => {
    const tr = make();
    expect(tr.t('nav.home')).toBe('Home');
    expect(tr.t('greet', { name: 'Asha' })).toBe('Hello Asha');
    expect(tr.t('greet')).toBe('Hello {{name}}');
  });

  it('chooses the plural by the language rules, and falls back to _other', () => {
    const tr = make();
    expect(tr.t('dayEvents', { count: 1 })).toBe('1 event');
    expect(tr.t('dayEvents', { count: 0 })).toBe('0 events');
    expect(tr.t('dayEvents', { count: 5 })).toBe('5 events');
    tr.changeLanguage('hi');
    expect(tr.t('dayEvents', { count: 1 })).toBe('1 कार्यक्रम');
    expect(tr.t('dayEvents', { count: 2 })).toBe('2 कार्यक्रम');
  });

  it('falls back to English, then to the key', () => {
    const tr = make();
    tr.changeLanguage('hi');
    expect(tr.t('nav.home')).toBe('होम');
    expect(tr.t('onlyEnglish')).toBe('English only');
    expect(tr.t('no.such.key')).toBe('no.such.key');
    expect(tr.t('nav')).toBe('nav');
  });

  it('tells subscribers of a change once, and not when the language stays', () => {
    const tr = make();
    const heard: string[] = [];
    const stop = tr.subscribe(() => heard.push(tr.language));
    tr.changeLanguage('hi');
    tr.changeLanguage('hi');
    stop();
    tr.changeLanguage('en');
    expect(heard).toEqual(['hi']);
  });
});
