// A stand-in API for the site server's tests: POST /graphql answered by the test, and GET /api/changes
// as the real API sends it (server-sent events: ready, then the topics of each change).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GraphQLCall {
  body: Record<string, unknown>;
  lang: string | undefined;
  headers: IncomingMessage['headers'];
}

export interface FakeApi {
  url: string;
  /** Every POST /graphql, in order. */
  requests: GraphQLCall[];
  /** Sends a change to every subscriber ('*': unknown). */
  change(topics: string[] | '*'): void;
  /** Ends every stream (as a replica that stops does). */
  dropFeed(): void;
  /** While true, GET /api/changes answers 503 (as while the API's own feed reconnects). */
  refuseFeed: boolean;
  subscribers(): number;
  /** Resolves once a subscriber is connected. */
  subscribed(): Promise<void>;
  close(): Promise<void>;
}

export async function fakeApi(answer: (call: GraphQLCall) => unknown): Promise<FakeApi> {
  const streams = new Set<ServerResponse>();
  const waiters: Array<() => void> = [];
  const requests: GraphQLCall[] = [];
  const api: FakeApi = {
    url: '',
    requests,
    refuseFeed: false,
    change(topics) {
      for (const res of streams) res.write(`event: change\ndata: ${topics === '*' ? '*' : topics.join(' ')}\n\n`);
    },
    dropFeed() {
      for (const res of streams) res.end();
      streams.clear();
    },
    subscribers: () => streams.size,
    subscribed: () => (streams.size ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve))),
    close: async () => {
      api.dropFeed();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = createServer((req, res) => {
    if (req.url === '/api/changes') {
      if (api.refuseFeed) {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end('{}');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform' });
      res.write('event: ready\ndata: {"heartbeatMs":15000}\n\n');
      streams.add(res);
      res.on('close', () => streams.delete(res));
      for (const w of waiters.splice(0)) w();
      return;
    }
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON
      }
      const call = { body, lang: req.headers['accept-language'], headers: req.headers };
      requests.push(call);
      const out = answer(call);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(out));
    });
  }).listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return api;
}

/**
 * A server renderer with the contract of public-site/dist-ssr/entry-server.js: loadPageData asks the
 * (fake) API for { page } (a LoadedPage or null), render draws its `title` and `items`, handleForm
 * asks the API for { form } (a FormResult). `shape: 'legacy'` answers the older { pageData, event }.
 */
export function fakeRenderer({ forms = true }: { forms?: boolean } = {}): string {
  return `
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
export const pageDataElementId = 'page-data';
export async function loadPageData(url, lang, { graphqlUrl, timeoutMs, headers }) {
  const res = await fetch(graphqlUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': lang, ...headers }, body: JSON.stringify({ url }), signal: AbortSignal.timeout(timeoutMs) });
  if (!res.ok) throw new Error('API answered ' + res.status);
  const body = await res.json();
  if (body.fail) throw new Error('API failed');
  return body.page ?? null;
}
export async function render(url, lang, { pageData, formData }) {
  if (pageData.throws) throw new Error('render failed');
  return '<main><h1>' + esc(pageData.title) + '</h1>' + (pageData.items ?? []).map((i) => '<p>' + esc(i) + '</p>').join('') + (formData ? '<output>' + esc(JSON.stringify(formData)) + '</output>' : '') + '</main>';
}
${forms ? `export async function handleForm(url, lang, fields, { graphqlUrl, headers }) {
  const res = await fetch(graphqlUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ url, lang, form: fields }) });
  const body = await res.json();
  if (body.fail) throw new Error('API failed');
  return body.form ?? null;
}` : ''}
`;
}
