// Date, time and number formatting for the chosen language: the site's locales (en-IN, hi-IN) from
// Intl's own words without loading Intl's data, any other locale with Intl.
// Event dates are calendar dates (YYYY-MM-DD) and wall-clock times (HH:MM) in India; they are
// formatted in UTC so that the viewer's own time zone never shifts them.

// Making an Intl formatter costs far more than using one (a few ms each on a slow phone, and the
// first one of a page loads the locale's data), and event cards format two values each time a
// carousel shows them: one formatter per locale and options, made on first use.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

function numberFormat(locale: string): Intl.NumberFormat {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format;
}

interface CalendarWords {
  months: readonly string[];
  monthsShort: readonly string[];
  /** Sunday first. */
  weekdays: readonly string[];
  weekdaysShort: readonly string[];
  /** Intl's short date: "Thu, 1 Jan, 2026" in en-IN, "गुरु, 1 जन॰ 2026" in hi-IN. */
  shortDate(weekday: string, day: number, month: string, year: number): string;
}

/**
 * The site's two locales write dates from these words, Intl's own (CLDR's, as Node and Chromium give
 * them; the test compares every day of several years with Intl): the first Intl.DateTimeFormat of a
 * page loads the locale's calendar data, ~140 ms at 8x CPU in one task on an event page, for a date.
 * They are also the same on the server that draws a page and in the browser that hydrates it.
 */
const CALENDAR_WORDS: Record<string, CalendarWords> = {
  'en-IN': {
    months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
    monthsShort: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
    weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    weekdaysShort: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
    shortDate: (weekday, day, month, year) => `${weekday}, ${day} ${month}, ${year}`,
  },
  'hi-IN': {
    months: ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्टूबर', 'नवंबर', 'दिसंबर'],
    monthsShort: ['जन॰', 'फ़र॰', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुल॰', 'अग॰', 'सित॰', 'अक्टू॰', 'नव॰', 'दिस॰'],
    weekdays: ['रविवार', 'सोमवार', 'मंगलवार', 'बुधवार', 'गुरुवार', 'शुक्रवार', 'शनिवार'],
    weekdaysShort: ['रवि', 'सोम', 'मंगल', 'बुध', 'गुरु', 'शुक्र', 'शनि'],
    shortDate: (weekday, day, month, year) => `${weekday}, ${day} ${month} ${year}`,
  },
};

function parseDate(date: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!m) return null;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

export function formatEventDate(date: string, locale: string, style: 'short' | 'long' = 'short'): string {
  const d = parseDate(date);
  if (!d) return date;
  const words = CALENDAR_WORDS[locale];
  if (words) {
    const [day, month, year] = [d.getUTCDate(), d.getUTCMonth(), d.getUTCFullYear()];
    if (style === 'long') return `${words.weekdays[d.getUTCDay()]}, ${day} ${words.months[month]} ${year}`;
    return words.shortDate(words.weekdaysShort[d.getUTCDay()], day, words.monthsShort[month], year);
  }
  return dateFormat(locale, {
    timeZone: 'UTC',
    weekday: style === 'long' ? 'long' : 'short',
    day: 'numeric',
    month: style === 'long' ? 'long' : 'short',
    year: 'numeric',
  }).format(d);
}

/** Hindi's parts of the day (CLDR's, as the API's mails use them): सुबह from 4, दोपहर from 12, शाम from 16, रात from 20. */
function hindiDayPeriod(hour24: number): string {
  if (hour24 >= 4 && hour24 < 12) return 'सुबह';
  if (hour24 >= 12 && hour24 < 16) return 'दोपहर';
  if (hour24 >= 16 && hour24 < 20) return 'शाम';
  return 'रात';
}

/**
 * "10:30 am" / "सुबह 10:30": Hindi names the part of the day before the time (the sentence adds बजे),
 * where Intl's hi-IN writes "10:30 am".
 */
export function formatEventTime(time: string, locale: string): string {
  const m = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!m) return time;
  const hour = Number(m[1]);
  if (locale.startsWith('hi') && hour < 24) return `${hindiDayPeriod(hour)} ${hour % 12 || 12}:${m[2]}`;
  if (locale === 'en-IN' && hour < 24) return `${hour % 12 || 12}:${m[2]} ${hour < 12 ? 'am' : 'pm'}`;
  const d = new Date(Date.UTC(1970, 0, 1, hour, Number(m[2])));
  return dateFormat(locale, { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }).format(d);
}

/** Locales whose whole numbers are written with Latin digits in Indian grouping (12,34,567). */
const INDIAN_GROUPING = new Set(['en-IN', 'hi-IN']);

/**
 * Whole numbers in the site's locales are grouped here: the first Intl.NumberFormat of a page loads
 * the locale's number data, about 100 ms at 8x CPU on every page (the footer's visitor counter) for
 * what is a few commas. Anything else goes to Intl (the test checks both agree).
 */
export function formatNumber(value: number, locale: string): string {
  if (!INDIAN_GROUPING.has(locale) || !Number.isSafeInteger(value)) return numberFormat(locale).format(value);
  const digits = String(Math.abs(value));
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}${rest ? `${rest},` : ''}${last3}`;
}

export function formatMonthYear(year: number, month: number, locale: string): string {
  const words = CALENDAR_WORDS[locale];
  if (words && month >= 1 && month <= 12) return `${words.months[month - 1]} ${year}`;
  return dateFormat(locale, { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}

export function monthName(month: number, locale: string): string {
  const words = CALENDAR_WORDS[locale];
  if (words && month >= 1 && month <= 12) return words.months[month - 1];
  return dateFormat(locale, { timeZone: 'UTC', month: 'long' }).format(new Date(Date.UTC(2024, month - 1, 1)));
}

/** Short weekday names Sun..Sat. */
export function weekdayNames(locale: string, style: 'short' | 'long' = 'short'): string[] {
  const words = CALENDAR_WORDS[locale];
  if (words) return [...(style === 'long' ? words.weekdays : words.weekdaysShort)];
  // 2024-09-01 was a Sunday.
  const format = dateFormat(locale, { timeZone: 'UTC', weekday: style });
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2024, 8, 1 + i))));
}

/** India is UTC+05:30 all year (no daylight saving): the site's one definition of India's day. */
export const INDIA_OFFSET_MS = 330 * 60_000;

/** The next midnight in India after `now`. */
export function nextMidnightInIndia(now: Date = new Date()): Date {
  const today = parseDate(todayInIndia(now)) as Date; // todayInIndia always gives YYYY-MM-DD
  return new Date(today.getTime() + 24 * 3_600_000 - INDIA_OFFSET_MS);
}

/** Today's calendar date in India as YYYY-MM-DD (by the fixed offset: no Intl time-zone data to load). */
export function todayInIndia(now: Date = new Date()): string {
  return new Date(now.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}
