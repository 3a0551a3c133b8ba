import { eventEndsAt, eventPhase, indiaInstant } from './date-time';

describe('an event\'s times in India', () => {
  it('indiaInstant reads a date and time in India (UTC+05:30)', () => {
    expect(new Date(indiaInstant('2026-11-27', '18:00')).toISOString()).toBe('2026-11-27T12:30:00.000Z');
    expect(new Date(indiaInstant('2026-11-27')).toISOString()).toBe('2026-11-26T18:30:00.000Z');
    expect(indiaInstant('soon', '18:00')).toBeNaN();
  });

  it('ends at its end time, an end date alone at the end of that day, otherwise at the end of its day', () => {
    const iso = (ms: number) => new Date(ms).toISOString();
    expect(iso(eventEndsAt({ date: '2026-11-27', time: '18:00', endTime: '19:00' }))).toBe('2026-11-27T13:30:00.000Z');
    expect(iso(eventEndsAt({ date: '2026-11-27', time: '18:00', endDate: '2026-11-29', endTime: '12:00' }))).toBe('2026-11-29T06:30:00.000Z');
    expect(iso(eventEndsAt({ date: '2026-11-27', time: '18:00', endDate: '2026-11-28' }))).toBe('2026-11-28T18:30:00.000Z');
    expect(iso(eventEndsAt({ date: '2026-11-27', time: '18:00' }))).toBe('2026-11-27T18:30:00.000Z');
  });

  it('is before, during (happening now) or after', () => {
    const event = { date: '2026-11-27', time: '18:00', endDate: null, endTime: '19:00' };
    expect(eventPhase(event, Date.parse('2026-11-27T17:59:00+05:30'))).toBe('before');
    expect(eventPhase(event, Date.parse('2026-11-27T18:00:00+05:30'))).toBe('during');
    expect(eventPhase(event, Date.parse('2026-11-27T18:59:59+05:30'))).toBe('during');
    expect(eventPhase(event, Date.parse('2026-11-27T19:00:00+05:30'))).toBe('after');
  });
});
