import type { Response } from 'supertest';
import type { TestContext } from '../../test/harness';

/** A GraphQL request with the headers a browser sends (Accept-Language, ...), optionally signed in and to another URL. */
export function gqlWith(
  ctx: TestContext,
  query: string,
  variables: Record<string, unknown> = {},
  options: { headers?: Record<string, string>; token?: string; url?: string } = {},
): Promise<Response> {
  let req = ctx.http.post(options.url ?? '/graphql').set('content-type', 'application/json');
  for (const [name, value] of Object.entries(options.headers ?? {})) req = req.set(name, value);
  if (options.token) req = req.set('authorization', `Bearer ${options.token}`);
  return req.send(JSON.stringify({ query, variables }));
}

/** A signed-out (or signed-in) REST GET with headers. */
export function getWith(ctx: TestContext, url: string, headers: Record<string, string> = {}, token?: string): Promise<Response> {
  let req = ctx.http.get(url);
  for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
  if (token) req = req.set('authorization', `Bearer ${token}`);
  return req;
}

/** A multipart admin write (the legacy forms): every field as a form field. */
export function multipart(ctx: TestContext, method: 'post' | 'put', url: string, token: string, fields: Record<string, string>) {
  let req = ctx.http[method](url).set('authorization', `Bearer ${token}`);
  for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
  return req;
}

export const EVENT_FIELDS = 'id title description location speaker missingLanguages translations { lang title description location speaker }';
export const TEAM_FIELDS = 'id name designation description missingLanguages translations { lang name designation description }';
