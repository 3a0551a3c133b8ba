import { errorToReveal, hindiStatus, localizeField, missingTranslationFields, textLength, type TextFieldSpec } from './content-languages';

type F = 'title' | 'description' | 'speaker';
const specs: TextFieldSpec<F>[] = [
  { field: 'title', label: 'Title', max: 200, required: true },
  { field: 'description', label: 'Description', max: 10000, required: true },
  { field: 'speaker', label: 'Speaker', max: 120, required: false },
];

describe('content in two languages', () => {
  it('shows Hindi where written and English field by field where not, as the API does', () => {
    expect(localizeField('विज्ञान मेला', 'Science fair', 'hi')).toEqual({ text: 'विज्ञान मेला', lang: 'hi', fellBack: false });
    expect(localizeField('  ', 'Science fair', 'hi')).toEqual({ text: 'Science fair', lang: 'en', fellBack: true });
    expect(localizeField('', '', 'hi')).toEqual({ text: '', lang: 'en', fellBack: false });
    expect(localizeField('Science fair', 'Science fair', 'en')).toEqual({ text: 'Science fair', lang: 'en', fellBack: false });
  });

  it('counts as missing every required field and every optional one English has (missingLanguages)', () => {
    expect(missingTranslationFields(specs, { title: 'A', description: 'B', speaker: '' }, { title: 'अ' })).toEqual(['description']);
    expect(missingTranslationFields(specs, { title: 'A', description: 'B', speaker: 'C' }, { title: 'अ' })).toEqual(['description', 'speaker']);
    expect(missingTranslationFields(specs, { title: 'A', description: 'B', speaker: 'C' }, { title: 'अ', description: 'ब', speaker: 'स' })).toEqual([]);
  });

  it("tells 'No Hindi' from 'Hindi incomplete' (ignoring __typename and lang)", () => {
    const row = (lang: string, texts: Partial<Record<F, string | null>>) => ({ __typename: 'EventTranslation', lang, title: null, description: null, speaker: null, ...texts });
    const fields: F[] = ['title', 'description', 'speaker'];
    expect(hindiStatus({ missingLanguages: [], translations: [row('en', { title: 'A' }), row('hi', { title: 'अ' })] }, fields)).toBe('complete');
    expect(hindiStatus({ missingLanguages: ['hi'], translations: [row('en', { title: 'A' }), row('hi', {})] }, fields)).toBe('missing');
    expect(hindiStatus({ missingLanguages: ['hi'], translations: [row('en', { title: 'A' })] }, fields)).toBe('missing');
    expect(hindiStatus({ missingLanguages: ['hi'], translations: [row('en', { title: 'A' }), row('hi', { title: 'अ' })] }, fields)).toBe('incomplete');
  });

  it('counts characters as the API does (code points)', () => {
    expect(textLength('करियर')).toBe(5);
    expect(textLength('🎓 camp')).toBe(6);
    expect(textLength(null)).toBe(0);
  });

  it('reveals English errors first, then Hindi ones, then the fields under the tabs', () => {
    const names = (lang: 'en' | 'hi') => (lang === 'en' ? ['title', 'speaker'] : ['titleHi', 'speakerHi']);
    const reveal = (errors: string[], active: 'en' | 'hi') => errorToReveal((n: string) => errors.includes(n), names, ['category', 'date'], active);
    expect(reveal(['speakerHi', 'title'], 'hi')).toEqual({ lang: 'en', name: 'title' });
    expect(reveal(['speakerHi', 'category'], 'en')).toEqual({ lang: 'hi', name: 'speakerHi' });
    expect(reveal(['date'], 'hi')).toEqual({ lang: 'hi', name: 'date' });
    expect(reveal([], 'en')).toBeNull();
  });
});
