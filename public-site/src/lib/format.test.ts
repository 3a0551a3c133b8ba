import { formatEventDate, formatEventTime, formatMonthYear, formatNumber, monthName, nextMidnightInIndia, todayInIndia, weekdayNames } from './format';

describe('India dates', () => {
  it('takes the day in India, not in UTC', () => {
    expect(todayInIndia(new Date('2026-11-23T18:29:59Z'))).toBe('2026-11-23'); // 23:59:59 in India
    expect(todayInIndia(new Date('2026-11-23T18:30:00Z'))).toBe('2026-11-24'); // midnight in India
  });

  it('gives the next midnight in India, across a month and a year', () => {
    expect(nextMidnightInIndia(new Date('2026-11-23T10:00:00Z')).toISOString()).toBe('2026-11-23T18:30:00.000Z');
    expect(nextMidnightInIndia(new Date('2026-11-23T18:30:00Z')).toISOString()).toBe('2026-11-24T18:30:00.000Z');
    expect(nextMidnightInIndia(new Date('2026-12-31T20:00:00Z')).toISOString()).toBe('2027-01-01T18:30:00.000Z');
  });
});

describe('formatNumber', () => {
  it('writes whole numbers as Intl does in en-IN and hi-IN (Indian grouping), without building a formatter', () => {
    const values = [0, 7, 42, 999, 1000, 12345, 100000, 1234567, 98765432, 1000000000, -1, -123456, Number.MAX_SAFE_INTEGER];
    for (const locale of ['en-IN', 'hi-IN']) {
      for (const value of values) expect(formatNumber(value, locale)).toBe(new Intl.NumberFormat(locale).format(value));
    }
    expect(formatNumber(1234567, 'en-IN')).toBe('12,34,567');
  });

  it('leaves fractions and other locales to Intl', () => {
    expect(formatNumber(1234.5, 'en-IN')).toBe(new Intl.NumberFormat('en-IN').format(1234.5));
    expect(formatNumber(1234567, 'en-US')).toBe('1,234,567');
  });
});

describe('formatEventTime', () => {
  it('writes English times as Intl does', () => {
    expect(formatEventTime('10:30', 'en-IN')).toMatch(/^10:30\s?am$/i);
    expect(formatEventTime('17:05', 'en-IN')).toMatch(/^5:05\s?pm$/i);
  });
  it('names the part of the day before a Hindi time, not am/pm', () => {
    expect(formatEventTime('10:30', 'hi-IN')).toBe('सुबह 10:30');
    expect(formatEventTime('12:00', 'hi-IN')).toBe('दोपहर 12:00');
    expect(formatEventTime('17:05', 'hi-IN')).toBe('शाम 5:05');
    expect(formatEventTime('21:15', 'hi-IN')).toBe('रात 9:15');
    expect(formatEventTime('00:30', 'hi-IN')).toBe('रात 12:30');
  });
  it('leaves what is not a time alone', () => {
    expect(formatEventTime('soon', 'hi-IN')).toBe('soon');
  });
});

describe('dates in the site\'s locales, without Intl', () => {
  const intl = (locale: string, options: Intl.DateTimeFormatOptions, date: Date) => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...options }).format(date);
  const days = (from: string, count: number) =>
    Array.from({ length: count }, (_, i) => new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10));

  it.each(['en-IN', 'hi-IN'])('%s: every day of four years reads as Intl writes it, short and long', (locale) => {
    const all = days('2025-01-01', 4 * 366);
    const expected = all.map((day) => {
      const date = new Date(`${day}T00:00:00Z`);
      return {
        short: intl(locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }, date),
        long: intl(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }, date),
      };
    });
    const spy = jest.spyOn(Intl, 'DateTimeFormat');
    try {
      const got = all.map((day) => ({ short: formatEventDate(day, locale), long: formatEventDate(day, locale, 'long') }));
      expect(got).toEqual(expected);
      // None of it built an Intl formatter.
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it.each(['en-IN', 'hi-IN'])('%s: months, month and year, and weekdays as Intl writes them', (locale) => {
    for (let month = 1; month <= 12; month += 1) {
      const first = new Date(Date.UTC(2026, month - 1, 1));
      expect(monthName(month, locale)).toBe(intl(locale, { month: 'long' }, first));
      expect(formatMonthYear(2026, month, locale)).toBe(intl(locale, { month: 'long', year: 'numeric' }, first));
    }
    const week = days('2024-09-01', 7).map((d) => new Date(`${d}T00:00:00Z`)); // a Sunday first
    expect(weekdayNames(locale)).toEqual(week.map((d) => intl(locale, { weekday: 'short' }, d)));
    expect(weekdayNames(locale, 'long')).toEqual(week.map((d) => intl(locale, { weekday: 'long' }, d)));
  });

  it('writes every minute of an English day as Intl does', () => {
    for (let minutes = 0; minutes < 24 * 60; minutes += 1) {
      const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      expect(formatEventTime(time, 'en-IN')).toBe(intl('en-IN', { hour: 'numeric', minute: '2-digit' }, new Date(Date.UTC(1970, 0, 1, 0, minutes))));
    }
  });

  it('leaves other locales to Intl', () => {
    expect(formatEventDate('2026-11-26', 'en-US', 'long')).toBe(intl('en-US', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }, new Date(Date.UTC(2026, 10, 26))));
    expect(weekdayNames('fr-FR')[0]).toBe(intl('fr-FR', { weekday: 'short' }, new Date(Date.UTC(2024, 8, 1))));
  });
});
