import fs from 'node:fs';
import path from 'node:path';
import { indiaParts } from './date-time';

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
