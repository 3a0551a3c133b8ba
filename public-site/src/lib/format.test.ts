import { nextMidnightInIndia, todayInIndia } from './format';

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
