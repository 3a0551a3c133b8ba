// A page's form sent before (or without) the page's script: the browser POSTs it to the page server,
// which calls handleForm (entry-server.tsx), which runs the route's form action (the route table's
// `form`). An action does what the page does when the form is sent (the same checks, the same mutation,
// signed out, as the reader) and answers the page's next state as served page data (ServedForm), or
// where to go. What every action shares lives here; the actions live with their features (`server/`).
import { print } from 'graphql';
import type { Language } from '@/i18n';
import type { ServedForm } from './served-page';

/** What a form action gets besides the fields. */
export interface FormContext {
  /** The page's URL (path and query): where a form it does not act on goes back to. */
  url: string;
  lang: Language;
  /** The API's GraphQL endpoint (absolute). */
  graphqlUrl: string;
  /** The reader's request headers to pass on (x-forwarded-for: the API's rate limits count the reader, not the page server). */
  headers?: Record<string, string | undefined>;
  /** Gives up on the API after this long (the page then says the network failed). */
  timeoutMs?: number;
  /** Epoch ms (tests). */
  now?: () => number;
}

/** A route's form action: the page's next state, or where to go. */
export type FormOutcome = { form: ServedForm } | { redirect: string };
export type FormAction = (fields: Record<string, string>, context: FormContext) => Promise<FormOutcome>;

/** Headers passed on to the API (a fixed list: never the reader's cookies or authorization). */
const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'user-agent'];

interface GraphQLError {
  message?: string;
  extensions?: { code?: unknown; retryAfterSeconds?: unknown };
}

/** A refused or failed call: the page shows its message as it does when the script sent it. */
export class ApiRefusal extends Error {
  constructor(readonly error: NonNullable<ServedForm['error']>) {
    super(error.message ?? error.code ?? 'API error');
  }
}

/** Runs one mutation as the page would (its Accept-Language: the page's language), signed out. */
export async function mutate<T>(document: Parameters<typeof print>[0], variables: Record<string, unknown>, context: FormContext): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'accept-language': context.lang };
  for (const name of FORWARDED_HEADERS) {
    const value = context.headers?.[name];
    if (value) headers[name] = value;
  }
  let body: { data?: T | null; errors?: GraphQLError[] };
  try {
    const response = await fetch(context.graphqlUrl, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query: print(document), variables }),
      signal: AbortSignal.timeout(context.timeoutMs ?? 5000),
    });
    body = (await response.json()) as typeof body;
  } catch {
    throw new ApiRefusal({}); // network: the page's fallback message
  }
  const first = body.errors?.[0];
  if (first || !body.data) {
    const code = typeof first?.extensions?.code === 'string' ? first.extensions.code : undefined;
    const retry = first?.extensions?.retryAfterSeconds;
    throw new ApiRefusal({
      code,
      message: first?.message,
      retryAfterSeconds: code === 'RATE_LIMITED' && typeof retry === 'number' && retry > 0 ? Math.ceil(retry) : undefined,
    });
  }
  return body.data;
}

export const text = (fields: Record<string, string>, name: string) => (typeof fields[name] === 'string' ? fields[name] : '');

