import { formatAnswer, localizeQuestion, parseQuestionsInput, validateAnswers, validateQuestions, type Question } from '../question-rules';

const q = (over: Partial<Question>): Question => ({
  id: 'q',
  type: 'text',
  label: 'School',
  labelHi: 'विद्यालय',
  help: '',
  helpHi: '',
  required: false,
  options: [],
  ...over,
});

const district = q({
  id: 'district',
  type: 'single_choice',
  label: 'District',
  labelHi: 'ज़िला',
  required: true,
  options: [
    { value: 'prayagraj', label: 'Prayagraj', labelHi: 'प्रयागराज' },
    { value: 'kaushambi', label: 'Kaushambi', labelHi: '' },
  ],
});
const subjects = q({
  id: 'subjects',
  type: 'multiple_choice',
  label: 'Subjects',
  labelHi: 'विषय',
  options: [
    { value: 'maths', label: 'Maths', labelHi: 'गणित' },
    { value: 'hindi', label: 'Hindi', labelHi: 'हिंदी' },
  ],
});

describe('validateAnswers', () => {
  it('accepts none where nothing is required', () => {
    expect(validateAnswers([q({})], undefined, 'en')).toEqual({ value: {}, errors: {} });
  });

  it('names a missing required question, in the reader language', () => {
    expect(validateAnswers([q({ required: true })], {}, 'en').errors).toEqual({ q: '"School" is required' });
    expect(validateAnswers([q({ required: true })], { q: '  ' }, 'hi').errors).toEqual({ q: '"विद्यालय" आवश्यक है' });
  });

  it('checks text types and length', () => {
    expect(validateAnswers([q({})], { q: '  St Mary ' }, 'en').value).toEqual({ q: 'St Mary' });
    expect(validateAnswers([q({})], { q: ['a'] }, 'en').errors.q).toMatch(/must be text/);
    expect(validateAnswers([q({})], { q: 'x'.repeat(301) }, 'en').errors.q).toMatch(/too long/);
    expect(validateAnswers([q({ type: 'long_text' })], { q: 'x'.repeat(301) }, 'en').errors).toEqual({});
  });

  it('checks numbers, from JSON or form strings', () => {
    const n = q({ type: 'number', label: 'Years teaching' });
    expect(validateAnswers([n], { q: 12 }, 'en').value).toEqual({ q: 12 });
    expect(validateAnswers([n], { q: '7.5' }, 'en').value).toEqual({ q: 7.5 });
    expect(validateAnswers([n], { q: '12abc' }, 'en').errors).toEqual({ q: '"Years teaching" must be a number' });
    expect(validateAnswers([n], { q: true }, 'en').errors.q).toMatch(/number/);
  });

  it('checks yes/no; "no" answers a required question', () => {
    const yn = q({ type: 'yes_no', required: true });
    expect(validateAnswers([yn], { q: false }, 'en')).toEqual({ value: { q: false }, errors: {} });
    expect(validateAnswers([yn], { q: 'yes' }, 'en').value).toEqual({ q: true });
    expect(validateAnswers([yn], { q: 'maybe' }, 'en').errors.q).toMatch(/yes or no/);
  });

  it('checks choices against the options', () => {
    expect(validateAnswers([district], { district: 'prayagraj' }, 'en').value).toEqual({ district: 'prayagraj' });
    expect(validateAnswers([district], { district: 'lucknow' }, 'en').errors.district).toMatch(/listed options/);
    expect(validateAnswers([district], { district: ['prayagraj', 'kaushambi'] }, 'en').errors.district).toMatch(/only one/);
    expect(validateAnswers([subjects], { subjects: ['hindi', 'maths', 'hindi'] }, 'en').value).toEqual({ subjects: ['maths', 'hindi'] });
    expect(validateAnswers([subjects], { subjects: 'hindi' }, 'en').value).toEqual({ subjects: ['hindi'] });
    expect(validateAnswers([subjects], { subjects: ['art'] }, 'en').errors.subjects).toMatch(/listed options/);
  });

  it('rejects unknown questions and non-objects', () => {
    expect(validateAnswers([q({})], { nope: 'x' }, 'en').errors.nope).toMatch(/no question "nope"/);
    expect(validateAnswers([q({})], 'x', 'en').errors.answers).toBeDefined();
    expect(validateAnswers([q({})], [], 'en').errors.answers).toBeDefined();
  });
});

describe('validateQuestions', () => {
  it('normalizes and makes ids and option values', () => {
    const { value, errors } = validateQuestions([
      { type: 'text', label: ' School ', required: true },
      { type: 'multiple_choice', label: 'Classes taught', options: [{ label: 'Class 1' }, { label: 'Class 2', labelHi: 'कक्षा 2' }] },
      { type: 'text', label: 'School' },
    ]);
    expect(errors).toEqual({});
    expect(value.map((x) => x.id)).toEqual(['school', 'classes-taught', 'school-2']);
    expect(value[1].options).toEqual([
      { value: 'class-1', label: 'Class 1', labelHi: '' },
      { value: 'class-2', label: 'Class 2', labelHi: 'कक्षा 2' },
    ]);
    expect(value[0]).toMatchObject({ label: 'School', required: true, options: [] });
  });

  it('reports field-level problems', () => {
    const { errors } = validateQuestions([
      { type: 'essay', label: '' },
      { id: 'a b', type: 'single_choice', label: 'X', options: [] },
      { id: 'd', type: 'single_choice', label: 'Y', options: [{ value: 'v', label: 'A' }, { value: 'v', label: 'B' }] },
      { id: 'd', type: 'text', label: 'Z', required: 'yes' },
    ]);
    expect(Object.keys(errors).sort()).toEqual([
      'questions[0].label',
      'questions[0].type',
      'questions[1].id',
      'questions[1].options',
      'questions[2].options[1].value',
      'questions[3].id',
      'questions[3].required',
    ]);
  });

  it('parses JSON strings from multipart bodies', () => {
    expect(parseQuestionsInput('[{"type":"yes_no","label":"Need lunch?"}]').value[0]).toMatchObject({ id: 'need-lunch', type: 'yes_no' });
    expect(parseQuestionsInput('{oops').errors.questions).toMatch(/JSON/);
    expect(parseQuestionsInput('').value).toEqual([]);
  });
});

describe('localize and format', () => {
  it('picks Hindi with English fallback', () => {
    expect(localizeQuestion(district, 'hi')).toEqual({
      id: 'district',
      type: 'single_choice',
      label: 'ज़िला',
      help: '',
      required: true,
      options: [
        { value: 'prayagraj', label: 'प्रयागराज' },
        { value: 'kaushambi', label: 'Kaushambi' },
      ],
    });
  });
  it('formats answers for people', () => {
    expect(formatAnswer(subjects, ['maths', 'hindi'])).toBe('Maths; Hindi');
    expect(formatAnswer(q({ type: 'yes_no' }), false, 'hi')).toBe('नहीं');
    expect(formatAnswer(district, undefined)).toBe('');
  });
});
