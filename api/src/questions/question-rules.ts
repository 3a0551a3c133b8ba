/**
 * Registration questions: their types, shapes and validation rules, as plain functions.
 * No database, no framework: the API service, the GraphQL/REST inputs and the feedback questions all use
 * this one file (the `feedback` branch keeps a copy of it), so its exports stay stable; adding is fine.
 */

export const QUESTION_TYPES = ['text', 'long_text', 'single_choice', 'multiple_choice', 'number', 'yes_no'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export type QuestionLanguage = 'en' | 'hi';

export interface QuestionOption {
  /** Stable code stored in answers; does not change when the labels are reworded or translated. */
  value: string;
  label: string;
  labelHi: string;
}

/** A question as an admin defines it (both languages). */
export interface Question {
  /** Stable within its event: answers are keyed by it. */
  id: string;
  type: QuestionType;
  label: string;
  labelHi: string;
  help: string;
  helpHi: string;
  required: boolean;
  /** Only for single_choice / multiple_choice; empty for the other types. */
  options: QuestionOption[];
}

/** A question as a reader sees it: one language, Hindi falling back to English where untranslated. */
export interface PublicQuestion {
  id: string;
  type: QuestionType;
  label: string;
  help: string;
  required: boolean;
  options: { value: string; label: string }[];
}

export type AnswerValue = string | string[] | number | boolean;
export type Answers = Record<string, AnswerValue>;

/** Field-level messages keyed by question id (validateAnswers) or by `questions[i].field` (validateQuestions). */
export type FieldErrors = Record<string, string>;

export interface Validated<T> {
  value: T;
  errors: FieldErrors;
}

export const QUESTION_LIMITS = {
  questions: 30,
  options: 50,
  idLength: 40,
  labelLength: 200,
  helpLength: 500,
  optionValueLength: 100,
  optionLabelLength: 200,
  textLength: 300,
  longTextLength: 3000,
} as const;

export const isQuestionType = (value: unknown): value is QuestionType =>
  typeof value === 'string' && (QUESTION_TYPES as readonly string[]).includes(value);

export const isChoiceType = (type: QuestionType) => type === 'single_choice' || type === 'multiple_choice';

const pick = (lang: QuestionLanguage, en: string, hi: string) => (lang === 'hi' && hi.trim() ? hi : en);

export function localizeQuestion(question: Question, lang: QuestionLanguage): PublicQuestion {
  return {
    id: question.id,
    type: question.type,
    label: pick(lang, question.label, question.labelHi),
    help: pick(lang, question.help, question.helpHi),
    required: question.required,
    options: question.options.map((o) => ({ value: o.value, label: pick(lang, o.label, o.labelHi) })),
  };
}

export const localizeQuestions = (questions: Question[], lang: QuestionLanguage) => questions.map((q) => localizeQuestion(q, lang));

/* ---------- messages (both languages; the label in them is in the same language) ---------- */

const MESSAGES = {
  required: { en: (l: string) => `"${l}" is required`, hi: (l: string) => `"${l}" आवश्यक है` },
  notText: { en: (l: string) => `"${l}" must be text`, hi: (l: string) => `"${l}" पाठ होना चाहिए` },
  tooLong: {
    en: (l: string, max: number) => `"${l}" is too long (${max} characters at most)`,
    hi: (l: string, max: number) => `"${l}" बहुत लंबा है (अधिकतम ${max} अक्षर)`,
  },
  notNumber: { en: (l: string) => `"${l}" must be a number`, hi: (l: string) => `"${l}" एक संख्या होनी चाहिए` },
  notYesNo: { en: (l: string) => `"${l}" must be yes or no`, hi: (l: string) => `"${l}" का उत्तर हाँ या नहीं होना चाहिए` },
  unknownOption: {
    en: (l: string) => `"${l}": choose one of the listed options`,
    hi: (l: string) => `"${l}": दिए गए विकल्पों में से चुनें`,
  },
  oneOption: { en: (l: string) => `"${l}": choose only one option`, hi: (l: string) => `"${l}": केवल एक विकल्प चुनें` },
  unknownQuestion: {
    en: (id: string) => `There is no question "${id}" for this event`,
    hi: (id: string) => `इस कार्यक्रम में "${id}" नाम का कोई प्रश्न नहीं है`,
  },
  notAnswers: {
    en: () => 'Answers must be an object keyed by question id',
    hi: () => 'उत्तर प्रश्न की id के अनुसार एक ऑब्जेक्ट होने चाहिए',
  },
} as const;

/** Whether a value counts as "not answered" (optional questions may be left so). */
const isBlank = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

function toBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if (['true', 'yes', '1', 'हाँ', 'हां'].includes(v)) return true;
    if (['false', 'no', '0', 'नहीं'].includes(v)) return false;
  }
  return undefined;
}

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  // Form bodies send numbers as strings; accept "12" and "12.5", not "12abc" or "".
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return undefined;
}

/**
 * Checks a registrant's answers against an event's questions. Returns the answers normalized for storage
 * (trimmed text, numbers as numbers, yes/no as booleans, choices in the questions' option order) with blank
 * optional answers left out, and messages keyed by question id that name the question in `lang`.
 * `answers` may be undefined (an integrator who sends none): that is fine where nothing is required.
 */
export function validateAnswers(questions: Question[], answers: unknown, lang: QuestionLanguage): Validated<Answers> {
  const value: Answers = {};
  const errors: FieldErrors = {};
  if (answers !== undefined && answers !== null && (typeof answers !== 'object' || Array.isArray(answers))) {
    return { value, errors: { answers: MESSAGES.notAnswers[lang]() } };
  }
  const given = (answers ?? {}) as Record<string, unknown>;
  const known = new Set(questions.map((q) => q.id));
  for (const id of Object.keys(given)) if (!known.has(id)) errors[id] = MESSAGES.unknownQuestion[lang](id);

  for (const question of questions) {
    const label = pick(lang, question.label, question.labelHi);
    const raw = given[question.id];
    if (isBlank(raw)) {
      if (question.required) errors[question.id] = MESSAGES.required[lang](label);
      continue;
    }
    const result = checkAnswer(question, raw, label, lang);
    if ('error' in result) errors[question.id] = result.error;
    else value[question.id] = result.value;
  }
  return { value, errors };
}

function checkAnswer(
  question: Question,
  raw: unknown,
  label: string,
  lang: QuestionLanguage,
): { value: AnswerValue } | { error: string } {
  switch (question.type) {
    case 'text':
    case 'long_text': {
      if (typeof raw !== 'string' && typeof raw !== 'number') return { error: MESSAGES.notText[lang](label) };
      const text = String(raw).trim();
      const max = question.type === 'text' ? QUESTION_LIMITS.textLength : QUESTION_LIMITS.longTextLength;
      if (text.length > max) return { error: MESSAGES.tooLong[lang](label, max) };
      return { value: text };
    }
    case 'number': {
      const n = toNumber(raw);
      return n === undefined ? { error: MESSAGES.notNumber[lang](label) } : { value: n };
    }
    case 'yes_no': {
      const b = toBoolean(raw);
      return b === undefined ? { error: MESSAGES.notYesNo[lang](label) } : { value: b };
    }
    case 'single_choice': {
      const choice = Array.isArray(raw) && raw.length === 1 ? raw[0] : raw;
      if (Array.isArray(choice)) return { error: MESSAGES.oneOption[lang](label) };
      if (typeof choice !== 'string' || !question.options.some((o) => o.value === choice)) {
        return { error: MESSAGES.unknownOption[lang](label) };
      }
      return { value: choice };
    }
    case 'multiple_choice': {
      // A multipart form sends one checked box as a plain string.
      const chosen = Array.isArray(raw) ? raw : [raw];
      if (!chosen.every((c) => typeof c === 'string' && question.options.some((o) => o.value === c))) {
        return { error: MESSAGES.unknownOption[lang](label) };
      }
      const set = new Set(chosen as string[]);
      return { value: question.options.filter((o) => set.has(o.value)).map((o) => o.value) };
    }
  }
}

/* ---------- an admin's definitions ---------- */

const ID_PATTERN = /^[A-Za-z0-9_-]+$/;

const str = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/** A readable, stable id from a label: "Classes taught" -> "classes-taught"; empty for non-Latin labels. */
export const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, QUESTION_LIMITS.idLength);

/**
 * Checks and normalizes an admin's question definitions (from JSON: anything may arrive). Missing ids are
 * made from the label (unique within the list); option values default to their English label's slug.
 * Messages are in English (the admin portal's field-level errors), keyed `questions[i].field`, or `questions`.
 */
export function validateQuestions(input: unknown): Validated<Question[]> {
  const errors: FieldErrors = {};
  if (input === undefined || input === null) return { value: [], errors };
  if (!Array.isArray(input)) return { value: [], errors: { questions: 'Questions must be a list' } };
  if (input.length > QUESTION_LIMITS.questions) {
    return { value: [], errors: { questions: `At most ${QUESTION_LIMITS.questions} questions` } };
  }
  const used = new Set<string>();
  const value: Question[] = [];
  input.forEach((item: unknown, i) => {
    const at = (field: string) => `questions[${i}].${field}`;
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      errors[`questions[${i}]`] = 'Each question must be an object';
      return;
    }
    const q = item as Record<string, unknown>;
    const label = str(q.label);
    const labelHi = str(q.labelHi);
    const help = str(q.help);
    const helpHi = str(q.helpHi);
    const type = q.type;
    if (!label) errors[at('label')] = `Question ${i + 1} needs a label`;
    else if (label.length > QUESTION_LIMITS.labelLength) errors[at('label')] = `Question label is too long (${QUESTION_LIMITS.labelLength} characters at most)`;
    if (labelHi.length > QUESTION_LIMITS.labelLength) errors[at('labelHi')] = `Hindi label is too long (${QUESTION_LIMITS.labelLength} characters at most)`;
    if (help.length > QUESTION_LIMITS.helpLength) errors[at('help')] = `Help text is too long (${QUESTION_LIMITS.helpLength} characters at most)`;
    if (helpHi.length > QUESTION_LIMITS.helpLength) errors[at('helpHi')] = `Hindi help text is too long (${QUESTION_LIMITS.helpLength} characters at most)`;
    if (!isQuestionType(type)) errors[at('type')] = `Type must be one of ${QUESTION_TYPES.join(', ')}`;
    if (q.required !== undefined && typeof q.required !== 'boolean') errors[at('required')] = 'Required must be true or false';

    let id = str(q.id);
    if (id) {
      if (id.length > QUESTION_LIMITS.idLength || !ID_PATTERN.test(id)) {
        errors[at('id')] = `Question id may use letters, digits, - and _ (${QUESTION_LIMITS.idLength} at most)`;
      } else if (used.has(id)) errors[at('id')] = `Two questions share the id "${id}"`;
    } else {
      const base = slugify(label) || `q${i + 1}`;
      id = base;
      for (let n = 2; used.has(id); n++) id = `${base.slice(0, QUESTION_LIMITS.idLength - 4)}-${n}`;
    }
    used.add(id);

    const options: QuestionOption[] = [];
    if (isQuestionType(type) && isChoiceType(type)) {
      const rawOptions = Array.isArray(q.options) ? q.options : [];
      if (rawOptions.length === 0) errors[at('options')] = 'A choice question needs at least one option';
      else if (rawOptions.length > QUESTION_LIMITS.options) errors[at('options')] = `At most ${QUESTION_LIMITS.options} options`;
      const values = new Set<string>();
      rawOptions.forEach((rawOption: unknown, j) => {
        const o = (rawOption && typeof rawOption === 'object' ? rawOption : {}) as Record<string, unknown>;
        const optionAt = `questions[${i}].options[${j}]`;
        const optLabel = str(o.label);
        const optLabelHi = str(o.labelHi);
        const optValue = str(o.value) || slugify(optLabel) || `option-${j + 1}`;
        if (!optLabel) errors[`${optionAt}.label`] = `Option ${j + 1} needs a label`;
        else if (optLabel.length > QUESTION_LIMITS.optionLabelLength || optLabelHi.length > QUESTION_LIMITS.optionLabelLength) {
          errors[`${optionAt}.label`] = `Option label is too long (${QUESTION_LIMITS.optionLabelLength} characters at most)`;
        }
        if (optValue.length > QUESTION_LIMITS.optionValueLength) errors[`${optionAt}.value`] = 'Option value is too long';
        else if (values.has(optValue)) errors[`${optionAt}.value`] = `Two options share the value "${optValue}"`;
        values.add(optValue);
        options.push({ value: optValue, label: optLabel, labelHi: optLabelHi });
      });
    }
    value.push({
      id,
      type: isQuestionType(type) ? type : 'text',
      label,
      labelHi,
      help,
      helpHi,
      required: q.required === true,
      options,
    });
  });
  return { value, errors };
}

/** Parses questions sent as a JSON string (multipart bodies), or passes a parsed list through. */
export function parseQuestionsInput(input: unknown): Validated<Question[]> {
  if (typeof input !== 'string') return validateQuestions(input);
  if (input.trim() === '') return { value: [], errors: {} };
  try {
    return validateQuestions(JSON.parse(input) as unknown);
  } catch {
    return { value: [], errors: { questions: 'Questions must be a JSON list' } };
  }
}

/* ---------- showing answers (registrations page, CSV) ---------- */

const YES_NO = { en: ['Yes', 'No'], hi: ['हाँ', 'नहीं'] } as const;

/** An answer as text for people: option labels, "Yes"/"No"; several choices joined by "; ". Empty when unanswered. */
export function formatAnswer(question: Question, value: AnswerValue | undefined, lang: QuestionLanguage = 'en'): string {
  if (value === undefined || value === null) return '';
  const optionLabel = (v: string) => {
    const option = question.options.find((o) => o.value === v);
    return option ? pick(lang, option.label, option.labelHi) : v;
  };
  switch (question.type) {
    case 'yes_no':
      return value === true ? YES_NO[lang][0] : value === false ? YES_NO[lang][1] : String(value);
    case 'single_choice':
      return optionLabel(String(value));
    case 'multiple_choice':
      return (Array.isArray(value) ? value : [String(value)]).map(optionLabel).join('; ');
    default:
      return String(value);
  }
}
