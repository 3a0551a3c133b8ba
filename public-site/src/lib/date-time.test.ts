import fs from 'node:fs';
import path from 'node:path';
import { eventEndsAt, eventPhase, indiaInstant, indiaParts } from './date-time';

describe('indiaParts', () => {
  it('gives the date and time in India', () => {
    expect(indiaParts('2099-03-14T04:30:00.000Z')).toEqual({ date: '2099-03-14', time: '10:00' });
    // 20:00 UTC is already the next day in India.
    expect(indiaParts('2099-03-14T20:00:00Z')).toEqual({ date: '2099-03-15', time: '01:30' });
  });

  it('gives null for something that is not a date', () => {
    expect(indiaParts('soon')).toBeNull();
  });
});

/** Every source file of the site, tests and generated code aside. */
function sourceFiles(dir = path.resolve(__dirname, '..')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'gql' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("India's day", () => {
  it('is defined once, in lib/format.ts (INDIA_OFFSET_MS), and every other file uses it', () => {
    const definitions = sourceFiles().flatMap((file) =>
      (fs.readFileSync(file, 'utf8').match(/\b330\s*\*\s*60|19_?800|5\.5\s*\*|['"`]Asia\/Kolkata['"`]|['"`][^'"`]*\+05:?30['"`]/g) ?? []).map((hit) => `${path.relative(path.resolve(__dirname, '..'), file)}: ${hit}`),
    );
    expect(definitions).toEqual(['lib/format.ts: 330 * 60']);
  });
});

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

describe('notOver (the upcoming lists)', () => {
  it('drops an event that ended earlier today, keeps one running and one to come', async () => {
    const { notOver } = await import('./date-time');
    const now = Date.parse('2026-11-27T20:00:00+05:30');
    const ended = { date: '2026-11-27', time: '10:00', endDate: null, endTime: '12:00' };
    const running = { date: '2026-11-27', time: '19:00', endDate: null, endTime: '21:00' };
    const later = { date: '2026-11-28', time: '10:00', endDate: null, endTime: null };
    expect(notOver([ended, running, later], now)).toEqual([running, later]);
  });
});
