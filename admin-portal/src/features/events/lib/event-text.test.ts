import { eventWhenOf, parseEventFilter } from './event-text';

describe('event filters', () => {
  it('maps the admin reading onto EventWhen: upcoming is after today, active is today', () => {
    expect(eventWhenOf).toEqual({ all: 'ALL', active: 'ACTIVE', upcoming: 'FUTURE', past: 'PAST' });
  });
  it('falls back to all for an unknown filter', () => {
    expect(parseEventFilter('soon')).toBe('all');
    expect(parseEventFilter('past')).toBe('past');
  });
});
