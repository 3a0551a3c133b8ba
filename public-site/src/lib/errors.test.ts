import fs from 'node:fs';
import path from 'node:path';
import en from '@/i18n/locales/en.json';
import hi from '@/i18n/locales/hi.json';
import { errorCodes, type ErrorCode } from './errors';

/** The values of schema.graphql's ErrorCode enum: the API's codes, from its single source. */
function schemaErrorCodes(): string[] {
  const schema = fs.readFileSync(path.resolve(__dirname, '../../../schema.graphql'), 'utf8');
  const body = /\benum ErrorCode \{([^}]*)\}/.exec(schema)?.[1] ?? '';
  return body.split('\n').map((line) => line.trim()).filter(Boolean);
}

describe('error codes', () => {
  it('are exactly the API’s (generated from schema.graphql, not written here)', () => {
    expect(schemaErrorCodes().length).toBeGreaterThan(0);
    expect([...errorCodes].sort()).toEqual(schemaErrorCodes().sort());
  });

  it('each has a message in English and Hindi', () => {
    for (const code of errorCodes) {
      expect([code, (en.errors as Record<string, string>)[code]]).toEqual([code, expect.any(String)]);
      expect([code, (hi.errors as Record<string, string>)[code]]).toEqual([code, expect.any(String)]);
    }
  });

  it('a code the API does not have is a type error (npm run typecheck)', () => {
    // @ts-expect-error: NOT_A_CODE is not in the API's ErrorCode enum
    const unknown: ErrorCode = 'NOT_A_CODE';
    const known: ErrorCode = 'EVENT_FULL';
    expect([unknown, known]).toEqual(['NOT_A_CODE', 'EVENT_FULL']);
  });
});
