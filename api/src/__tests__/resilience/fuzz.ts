/** Shared pieces of the resilience suites: a seeded generator, hostile value pools and the leak/shape checks. */

/** mulberry32: small, fast, and the same sequence for the same seed, so a failure reproduces. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick<T>(list: readonly T[]): T {
      return list[Math.floor(next() * list.length)];
    },
    chance: (p: number) => next() < p,
  };
}
export type Rng = ReturnType<typeof prng>;

/** RESILIENCE_SEED=<n> replays another sequence; the default keeps CI deterministic. */
export const SEED = Number(process.env.RESILIENCE_SEED ?? 20260615);

const big = (n: number, unit = 'a') => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);

/** Strings of the right type that no validator should let through to the database unchecked. */
export const hostileStrings: readonly string[] = [
  '',
  ' ',
  '   \t\n ',
  'null',
  'undefined',
  '0',
  '-1',
  '1e309',
  'NaN',
  'true',
  '\u0000',
  'abc\u0000def',
  'a\u0000',
  '\ud800',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  'ईवेंट प्रयागराज 🎓',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ﷽ \u202e',
  '=HYPERLINK("http://x")',
  'a@b',
  'not-an-email',
  'x'.repeat(300) + '@example.org',
  '2026-02-30',
  '2026-13-01',
  '9999-12-31',
  '0000-00-00',
  '25:99',
  '-00:01',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '{"$gt":""}',
  '__proto__',
  'constructor',
  big(5_000),
  big(20_000, 'ह'),
];

export const hostileIds: readonly string[] = [
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f',
  '%00',
  'abc%00def',
  encodeURIComponent('ईवेंट'),
  encodeURIComponent('😀'),
  'x'.repeat(3000),
  '1',
  '-1',
  '1e309',
  'null',
  'undefined',
  '00000000-0000-0000-0000-000000000000',
  '00000000-0000-4000-8000-00000000000G',
  '00000000000040008000000000000000',
  "'%20OR%201=1--",
  '%7B%7D',
  '%5B%5D',
  '__proto__',
  'constructor',
  '%25',
];

/** JSON values of every other type, for fields that expect a string (or a number). */
export const wrongTypes: readonly unknown[] = [
  null,
  0,
  -1,
  1.5,
  2 ** 53,
  1e308,
  true,
  false,
  [],
  ['a', 'b'],
  [null],
  [[[]]],
  {},
  { $gt: '' },
  { toString: 'x' },
  { __proto__: { admin: true } },
  { length: 1e9 },
];

export const huge = (bytes: number) => big(bytes);

/** A raw JSON document that would make Object.prototype carry a property, were it merged naively. */
export const PROTO_BODY = '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"name":"x"}';

/** What must never reach a client: stack frames, source paths, SQL and driver errors. */
const LEAKS: { name: string; re: RegExp }[] = [
  { name: 'stack frame', re: /\n\s+at |\bat [\w.$<>[\] ]+ \([^)]*:\d+:\d+\)|\bat (?:async )?\/[^\s]+:\d+:\d+/ },
  { name: 'source path', re: /\.(?:ts|js|mjs|cjs):\d+|\/work\/|\/src\/|node_modules/ },
  { name: 'SQL', re: /\bSELECT\s+[\w"*]|\bINSERT INTO\b|\bDELETE FROM\b|\bUPDATE\s+"?\w+"?\s+SET\b|\bWHERE\s+"?\w+"?\s*=|\$\d+\b.*\$\d+\b/ },
  { name: 'driver error', re: /QueryFailedError|EntityNotFound|TypeORMError|violates|duplicate key|syntax error at|relation "|column "|invalid input syntax|ECONNREFUSED|ECONNRESET|TypeError|ReferenceError|RangeError|Cannot read prop/ },
];

/** The names of the leaks found in a response body (empty when clean). */
export function leaksIn(text: string): string[] {
  return LEAKS.filter((l) => l.re.test(text)).map((l) => l.name);
}

/** Problems with a REST error body's documented shape: success false, a code, and the text under msg/message/error. */
export function restShapeProblems(status: number, contentType: string | undefined, body: any): string[] {
  if (status < 400) return [];
  if (!/application\/json/.test(contentType ?? '')) return [`error ${status} is not JSON (${contentType})`];
  const problems: string[] = [];
  if (!body || typeof body !== 'object') return [`error ${status} body is not an object`];
  if (body.success !== false) problems.push('success is not false');
  if (typeof body.code !== 'string' || !/^[A-Z_]+$/.test(body.code)) problems.push(`code is ${JSON.stringify(body.code)}`);
  for (const k of ['msg', 'message', 'error']) if (typeof body[k] !== 'string' || !body[k]) problems.push(`${k} missing`);
  return problems;
}

/** Problems with a GraphQL response: errors must each carry extensions.code; a 4xx must carry errors. */
export function graphqlShapeProblems(status: number, body: any): string[] {
  if (!body || typeof body !== 'object') return [`body is not JSON (${status})`];
  const problems: string[] = [];
  if (status >= 400 && !Array.isArray(body.errors)) problems.push(`${status} without errors`);
  for (const e of body.errors ?? []) {
    if (typeof e?.message !== 'string' || !e.message) problems.push('an error without message');
    if (typeof e?.extensions?.code !== 'string') problems.push(`error without extensions.code: ${JSON.stringify(e).slice(0, 200)}`);
    if (e?.extensions?.exception || e?.extensions?.stacktrace) problems.push('error carries an exception/stacktrace');
  }
  return problems;
}
