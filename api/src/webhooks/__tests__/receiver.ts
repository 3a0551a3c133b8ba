import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  path: string;
  at: number;
}

/** A local endpoint that records what it receives and answers what `answer` says (200 by default). */
export async function startReceiver(answer: (req: Received, n: number) => { status: number; body?: string; headers?: Record<string, string> } = () => ({ status: 200 })) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), path: req.url ?? '', at: performance.now() };
      received.push(r);
      const a = answer(r, received.length);
      res.writeHead(a.status, { 'content-type': 'text/plain', ...(a.headers ?? {}) });
      res.end(a.body ?? 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
