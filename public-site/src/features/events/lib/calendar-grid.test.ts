import {
  buildMonthGrid,
  daysInMonth,
  filterByDay,
  firstWeekday,
  inMonth,
  toggleDay,
  whenForType,
  yearOptions,
} from './calendar-grid';

describe('calendar grid', () => {
  it('lays out a month starting on a Sunday with no leading blanks', () => {
    // September 2024 starts on a Sunday and has 30 days.
    const weeks = buildMonthGrid(2024, 9);
    expect(weeks).toHaveLength(5);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks[0][0]).toMatchObject({ day: 1, date: '2024-09-01' });
    expect(weeks[4][0]).toMatchObject({ day: 29 });
    expect(weeks[4][1]).toMatchObject({ day: 30 });
    expect(weeks[4].slice(2)).toEqual([null, null, null, null, null]);
  });

  it('puts leading blanks before the first day', () => {
    // November 2026 starts on a Sunday; March 2025 on a Saturday (6 blanks).
    expect(firstWeekday(2025, 3)).toBe(6);
    const weeks = buildMonthGrid(2025, 3);
    expect(weeks[0].slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(weeks[0][6]).toMatchObject({ day: 1, date: '2025-03-01' });
    // 6 blanks + 31 days = 37 cells → 6 weeks.
    expect(weeks).toHaveLength(6);
    const days = weeks.flat().filter(Boolean);
    expect(days).toHaveLength(31);
  });

  it('knows leap years', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2025, 2)).toBe(28);
    // February 2015 starts on Sunday and fills exactly four weeks.
    expect(buildMonthGrid(2015, 2)).toHaveLength(4);
  });

  it('places counts on the right days and ignores other months', () => {
    const weeks = buildMonthGrid(2025, 3, [
      { date: '2025-03-01', count: 2 },
      { date: '2025-03-15', count: 1 },
      { date: '2025-04-01', count: 9 },
    ]);
    const cells = weeks.flat().filter((c) => c !== null);
    expect(cells.find((c) => c.day === 1)?.count).toBe(2);
    expect(cells.find((c) => c.day === 15)?.count).toBe(1);
    expect(cells.filter((c) => c.count > 0)).toHaveLength(2);
    // 15 March 2025 was a Saturday: third row, last column.
    expect(weeks[2][6]).toMatchObject({ day: 15, count: 1 });
  });

  it('marks today', () => {
    const cells = buildMonthGrid(2025, 3, [], '2025-03-10').flat();
    expect(cells.filter((c) => c?.isToday).map((c) => c?.day)).toEqual([10]);
  });

  it('offers five years around the current one', () => {
    expect(yearOptions(2026)).toEqual([2024, 2025, 2026, 2027, 2028]);
  });

  it('maps the event type selector to the API filter', () => {
    expect(whenForType('upcoming')).toBe('UPCOMING');
    expect(whenForType('past')).toBe('PAST');
    expect(whenForType('all')).toBe('ALL');
  });

  describe('filters', () => {
    const events = [
      { id: 'a', date: '2025-03-01' },
      { id: 'b', date: '2025-03-15' },
      { id: 'c', date: '2025-03-15' },
      { id: 'd', date: '2025-04-02' },
    ];

    it('narrows the list to a selected day only in the all view', () => {
      expect(filterByDay(events, 'all', '2025-03-15').map((e) => e.id)).toEqual(['b', 'c']);
      expect(filterByDay(events, 'all', null)).toHaveLength(4);
      expect(filterByDay(events, 'upcoming', '2025-03-15')).toHaveLength(4);
    });

    it('clicking the selected day again clears it', () => {
      expect(toggleDay(null, '2025-03-15')).toBe('2025-03-15');
      expect(toggleDay('2025-03-15', '2025-03-15')).toBeNull();
      expect(toggleDay('2025-03-15', '2025-03-16')).toBe('2025-03-16');
    });

    it('keeps the events of the selected month', () => {
      expect(inMonth(events, 2025, 3).map((e) => e.id)).toEqual(['a', 'b', 'c']);
      expect(inMonth(events, 2025, 4).map((e) => e.id)).toEqual(['d']);
    });
  });
});
