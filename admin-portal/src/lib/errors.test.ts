import fs from 'node:fs';
import path from 'node:path';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { errorCode, errorCodes, RestError, type ErrorCode } from './errors';

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

  it('errorCode reads the API’s codes and ignores others', () => {
    const graphql = (code: string) => new CombinedGraphQLErrors({ errors: [{ message: 'x', extensions: { code } }] });
    expect(errorCode(graphql('CHECKIN_OTHER_EVENT'))).toBe('CHECKIN_OTHER_EVENT');
    expect(errorCode(graphql('GRAPHQL_VALIDATION_FAILED'))).toBeUndefined();
    expect(errorCode(new RestError('gone', 404, 'NOT_FOUND'))).toBe('NOT_FOUND');
    expect(errorCode(new RestError('odd', 400, 'SOMETHING_ELSE'))).toBeUndefined();
  });

  it('a code the API does not have is a type error (npm run typecheck)', () => {
    // @ts-expect-error: NOT_A_CODE is not in the API's ErrorCode enum
    const unknown: ErrorCode = 'NOT_A_CODE';
    const known: ErrorCode = 'ATTENDANCE_CLOSED';
    expect([unknown, known]).toEqual(['NOT_A_CODE', 'ATTENDANCE_CLOSED']);
  });
});
