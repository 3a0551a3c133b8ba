/**
 * The example answers of the documented error responses (what Swagger UI shows under each status):
 * each status shows the codes the server answers it with, never VALIDATION for a 403, 413 or 5xx.
 */
import { httpStatusOf, type ErrorCode } from '../../common/errors';
import { restRoutes } from '../../rest/routes';
import { schemaProblems } from '../../test/json-schema';
import type { JsonSchema } from '../schema';
import { openApiDocument } from '../openapi.rest';

const doc = openApiDocument(restRoutes).document;

interface ErrorMedia {
  schema: JsonSchema;
  example?: { code?: string };
  examples?: Record<string, { value: { code?: string } }>;
}

/** The documented status of a response name: Error403 → "403", Error5XX → "5XX". */
const statusOf = (name: string) => name.replace(/^Error/, '');
const matches = (status: string, code: ErrorCode) => (status.endsWith('XX') ? String(httpStatusOf[code])[0] === status[0] : String(httpStatusOf[code]) === status);

/** Every status an operation documents with a shared error response. */
const referenced = new Set(
  Object.values(doc.paths).flatMap((ops) =>
    Object.values(ops).flatMap((op) => Object.values(op.responses).map((r) => (r.$ref as string | undefined)?.split('/').pop()).filter((n): n is string => !!n)),
  ),
);

const errorResponses = Object.entries(doc.components.responses) as Array<[string, { content: Record<string, ErrorMedia> }]>;

describe('the documented error responses show their own codes', () => {
  it('documents the statuses 400, 401, 403, 404, 409, 413, 429 and 5XX', () => {
    expect(errorResponses.map(([name]) => statusOf(name)).sort()).toEqual(['400', '401', '403', '404', '409', '413', '429', '5XX']);
    for (const name of referenced) expect(doc.components.responses[name]).toBeDefined();
  });

  it.each(errorResponses.map(([name, response]) => [statusOf(name), response] as const))('%s: every example code answers that status, and is a valid error body', (status, response) => {
    const media = response.content['application/json'];
    const examples = Object.entries(media.examples ?? {});
    expect(examples.length).toBeGreaterThan(0);
    expect(media.example).toBeUndefined();
    for (const [key, { value }] of examples) {
      const code = value.code as ErrorCode;
      expect(key).toBe(code);
      expect({ status, code, matches: matches(status, code) }).toEqual({ status, code, matches: true });
      expect(schemaProblems(value, media.schema, doc.components.schemas)).toEqual([]);
    }
  });

  it('each code the server answers with has an example under its status', () => {
    const shown = errorResponses.flatMap(([name, r]) => Object.keys(r.content['application/json'].examples ?? {}).map((code) => `${code} ${statusOf(name)}`));
    const expected = (Object.keys(httpStatusOf) as ErrorCode[]).map((code) => `${code} ${httpStatusOf[code] >= 500 ? '5XX' : httpStatusOf[code]}`);
    expect(shown.sort()).toEqual(expected.sort());
  });

  it('403, 413 and 5XX no longer show VALIDATION (the first example is what Swagger UI shows)', () => {
    const media = (status: string) => (doc.components.responses[`Error${status}`] as { content: Record<string, ErrorMedia> }).content['application/json'];
    const first = (status: string) => Object.values(media(status).examples ?? {})[0]?.value.code;
    expect(first('403')).toBe('FORBIDDEN');
    expect(first('413')).toBe('PAYLOAD_TOO_LARGE');
    expect(first('5XX')).toBe('INTERNAL');
    expect(first('400')).toBe('VALIDATION');
  });
});
