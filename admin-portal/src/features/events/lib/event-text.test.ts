import { eventWhenOf, parseEventFilter, shortTitle } from './event-text';

describe('shortTitle', () => {
  it('keeps titles of up to 20 characters', () => {
    expect(shortTitle('Exactly twenty chars')).toBe('Exactly twenty chars');
  });
  it("cuts longer titles at 20 characters and adds '...'", () => {
    expect(shortTitle('Annual science exhibition 2026')).toBe('Annual science exhib...');
  });
});

describe('event filters', () => {
  it('maps the admin reading onto EventWhen: upcoming is after today, active is today', () => {
    expect(eventWhenOf).toEqual({ all: 'ALL', active: 'ACTIVE', upcoming: 'FUTURE', past: 'PAST' });
  });
  it('falls back to all for an unknown filter', () => {
    expect(parseEventFilter('soon')).toBe('all');
    expect(parseEventFilter('past')).toBe('past');
  });
});
