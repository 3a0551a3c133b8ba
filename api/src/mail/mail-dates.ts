import type { MailLanguage } from './templates';

/* ------------------------------------------------------------------------------------------------
 * Dates, written one way in every event mail: in the person's language and in India time.
 *   en: "Wednesday, 25 November 2026, 5:00 pm"
 *   hi: "बुधवार, 25 नवंबर 2026, शाम 5:00 बजे"
 * ---------------------------------------------------------------------------------------------- */

export const MAIL_TIME_ZONE = 'Asia/Kolkata';
const LOCALE: Record<MailLanguage, string> = { en: 'en-IN', hi: 'hi-IN' };

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsOf(date: Date, locale: string, options: Intl.DateTimeFormatOptions): Record<string, string> {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(locale, { ...options, timeZone: MAIL_TIME_ZONE })));
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(date)) if (p.type !== 'literal') parts[p.type] = p.value;
  return parts;
}

/** Hindi's parts of the day (as CLDR has them), should Intl not give one. */
function hindiDayPeriod(hour24: number): string {
  if (hour24 >= 4 && hour24 < 12) return 'सुबह';
  if (hour24 >= 12 && hour24 < 16) return 'दोपहर';
  if (hour24 >= 16 && hour24 < 20) return 'शाम';
  return 'रात';
}

/** The day, India time: "Wednesday, 25 November 2026" / "बुधवार, 25 नवंबर 2026". */
export function formatMailDay(date: Date, language: MailLanguage): string {
  const p = partsOf(date, LOCALE[language], { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  return `${p.weekday}, ${p.day} ${p.month} ${p.year}`;
}

/** The time of day, India time: "5:00 pm" / "शाम 5:00 बजे". */
export function formatMailTime(date: Date, language: MailLanguage): string {
  if (language === 'hi') {
    const p = partsOf(date, LOCALE.hi, { hour: 'numeric', minute: '2-digit', dayPeriod: 'long' });
    const period = p.dayPeriod ?? hindiDayPeriod(Number(partsOf(date, 'en-GB', { hour: '2-digit', hourCycle: 'h23' }).hour));
    return `${period} ${p.hour}:${p.minute} बजे`;
  }
  const p = partsOf(date, LOCALE.en, { hour: 'numeric', minute: '2-digit', hour12: true });
  return `${p.hour}:${p.minute} ${(p.dayPeriod ?? '').toLowerCase()}`.trim();
}

/** A moment as people write it: "Wednesday, 25 November 2026, 5:00 pm" / "बुधवार, 25 नवंबर 2026, शाम 5:00 बजे". */
export function formatMailDateTime(date: Date, language: MailLanguage): string {
  return `${formatMailDay(date, language)}, ${formatMailTime(date, language)}`;
}

/** The calendar day in India as a day number, to compare days. */
export function indiaDayNumber(date: Date): number {
  const p = partsOf(date, 'en-GB', { year: 'numeric', month: '2-digit', day: '2-digit' });
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day)) / 86_400_000;
}

/**
 * When an event takes place, with its end when known:
 *   "Wednesday, 25 November 2026, 5:00 pm – 7:00 pm" / "बुधवार, 25 नवंबर 2026, शाम 5:00 बजे से शाम 7:00 बजे तक",
 * and across days "…, 5:00 pm – Thursday, 26 November 2026, 1:00 pm". An end not after the start is left out.
 */
export function formatEventDate(startsAt: Date, language: MailLanguage, endsAt?: Date | null): string {
  const start = formatMailDateTime(startsAt, language);
  if (!endsAt || !(endsAt.getTime() > startsAt.getTime())) return start;
  const end = indiaDayNumber(endsAt) === indiaDayNumber(startsAt) ? formatMailTime(endsAt, language) : formatMailDateTime(endsAt, language);
  return language === 'hi' ? `${start} से ${end} तक` : `${start} – ${end}`;
}
