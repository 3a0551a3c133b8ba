import { addMonths, nthDate } from '../series-dates';

describe('series dates', () => {
  it('weekly: every 7 days, across months and years', () => {
    expect([1, 2, 3].map((n) => nthDate('2026-12-17', 'weekly', n))).toEqual(['2026-12-24', '2026-12-31', '2027-01-07']);
  });

  it("monthly on the 31st: the month's last day when it is shorter, counted from the first date (no drift)", () => {
    expect([1, 2, 3, 4].map((n) => addMonths('2026-01-31', n))).toEqual(['2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
    expect(addMonths('2027-12-29', 2)).toBe('2028-02-29'); // a leap year keeps the 29th
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
  });
});
