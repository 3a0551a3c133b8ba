import { eventsPageSearch, eventsPageState } from './events-page-state';

const today = '2026-11-27';
const state = (search: string) => eventsPageState(new URLSearchParams(search), today);

describe('eventsPageState', () => {
  it('reads the links’ month (YYYY-MM), view and type', () => {
    expect(state('')).toEqual({ view: 'next', year: 2026, month: 11, type: 'upcoming' });
    expect(state('?view=calendar&month=2027-03&type=past')).toEqual({ view: 'calendar', year: 2027, month: 3, type: 'past' });
  });

  it('reads the filters’ form sent without script (month=M&year=YYYY): the same page as its link', () => {
    expect(state('?view=calendar&type=all&month=3&year=2025')).toEqual({ view: 'calendar', year: 2025, month: 3, type: 'all' });
    expect(state('?view=calendar&type=all&month=3&year=2025')).toEqual(state('?view=calendar&month=2025-03&type=all'));
    // A month alone is this year's.
    expect(state('?month=7')).toEqual({ view: 'calendar', year: 2026, month: 7, type: 'upcoming' });
  });

  it('ignores what is not a month or a year', () => {
    for (const search of ['?month=13&year=2026', '?month=0', '?month=3&year=26', '?month=2026-13', '?month=x']) {
      expect(state(search)).toEqual({ view: 'next', year: 2026, month: 11, type: 'upcoming' });
    }
    expect(state('?view=calendar&type=nonsense').type).toBe('upcoming');
  });

  it('writes the links’ form back', () => {
    expect(eventsPageSearch(state('?view=calendar&type=past&month=3&year=2025'), today)).toBe('?view=calendar&month=2025-03&type=past');
  });
});
