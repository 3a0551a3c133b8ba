import { formatEventTime, formatNumber, nextMidnightInIndia, todayInIndia } from './format';

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
