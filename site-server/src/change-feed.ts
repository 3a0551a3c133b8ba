// The site server's subscription to the API's change feed (GET /api/changes, server-sent events; see
// api/src/http/change-stream.ts). Every committed write names topics ('events', 'event:<id>', 'team');
// the API sends them to every subscriber as they commit, on whichever replica committed them. The
// pages the site server keeps are dropped when a topic they were drawn from changes; while the stream
// is not connected (not yet, lost, the API restarting), `connected` is false and nothing is kept, as
// the API's own public cache does while its LISTEN connection is down. It reconnects with backoff
// (100 ms doubling to 5 s), and treats a stream silent for three heartbeats as lost.
import http from 'node:http';
import https from 'node:https';

/** The topics of one change, or 'all' when what changed is unknown. */
export type Changed = string[] | 'all';

export interface ChangeFeedOptions {
  /** The API's base URL (e.g. http://127.0.0.1:4000); the stream is <apiUrl>/api/changes. */
  apiUrl: string;
  onChange: (changed: Changed) => void;
  /** Told when the stream comes up (true, after which everything kept before must be dropped) or goes down (false). */
  onConnected: (connected: boolean) => void;
  log?: (message: string) => void;
  /** First retry delay, doubled up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
}

export class ChangeFeedSubscription {
  private connectedNow = false;
  private stopped = false;
  private request: http.ClientRequest | null = null;
  private retryTimer: NodeJS.Timeout | undefined;
  private watchdog: NodeJS.Timeout | undefined;
  private retryMs: number;
  private failures = 0;

  constructor(private readonly options: ChangeFeedOptions) {
    this.retryMs = options.retryMs ?? 100;
  }

  /** Whether the stream is up, so that every change is heard. */
  get connected(): boolean {
    return this.connectedNow;
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.watchdog);
    this.request?.destroy();
    this.request = null;
    this.setConnected(false);
  }

  private connect(): void {
    if (this.stopped) return;
    const url = new URL('/api/changes', this.options.apiUrl);
    const get = url.protocol === 'https:' ? https.get : http.get;
    let ended = false;
    let heartbeatMs = 15_000;
    const lost = (why: string) => {
      if (ended) return;
      ended = true;
      clearTimeout(this.watchdog);
      req.destroy();
      if (this.request === req) this.request = null;
      if (this.stopped) return;
      if (this.connectedNow || this.failures === 0) this.options.log?.(`change feed ${url.href}: ${why}; keeping no page until it is back`);
      this.failures++;
      this.setConnected(false);
      const delay = this.retryMs;
      this.retryMs = Math.min(this.retryMs * 2, this.options.maxRetryMs ?? 5_000);
      this.retryTimer = setTimeout(() => this.connect(), delay);
      this.retryTimer.unref();
    };
    const alive = () => {
      clearTimeout(this.watchdog);
      this.watchdog = setTimeout(() => lost(`silent for ${3 * heartbeatMs} ms`), 3 * heartbeatMs);
      this.watchdog.unref();
    };
    const req = get(url, { headers: { accept: 'text/event-stream', 'cache-control': 'no-cache' }, agent: false }, (res) => {
      if (res.statusCode !== 200 || !/^text\/event-stream/.test(String(res.headers['content-type']))) {
        res.resume();
        lost(`answered ${res.statusCode}`);
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      alive();
      res.on('data', (chunk: string) => {
        alive();
        buffer += chunk;
        let end;
        while ((end = buffer.search(/\r?\n\r?\n/)) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split(/\r?\n/)) {
            if (line.startsWith(':')) continue; // a heartbeat
            const colon = line.indexOf(':');
            const field = colon === -1 ? line : line.slice(0, colon);
            const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'event') event = value;
            else if (field === 'data') data.push(value);
          }
          this.dispatch(event, data.join('\n'), (ms) => {
            heartbeatMs = ms;
            alive();
          });
        }
        if (buffer.length > 64 * 1024) lost('sent an event too large');
      });
      res.on('end', () => lost('closed by the API'));
      res.on('error', (err) => lost(err.message));
      res.on('close', () => lost('closed'));
    });
    req.on('error', (err) => lost(`${(err as NodeJS.ErrnoException).code ?? err.message}`));
    this.request = req;
  }

  private dispatch(event: string, data: string, setHeartbeat: (ms: number) => void): void {
    if (event === 'ready') {
      try {
        const ms = Number((JSON.parse(data) as { heartbeatMs?: number }).heartbeatMs);
        if (ms > 0) setHeartbeat(ms);
      } catch {
        // no heartbeat given: keep the default
      }
      this.retryMs = this.options.retryMs ?? 100;
      if (this.failures > 0) this.options.log?.('change feed connected again');
      this.failures = 0;
      this.setConnected(true);
    } else if (event === 'change') {
      const topics = data.split(/\s+/).filter(Boolean);
      this.options.onChange(topics.includes('*') ? 'all' : topics);
    }
  }

  private setConnected(connected: boolean): void {
    if (this.connectedNow === connected) return;
    this.connectedNow = connected;
    this.options.onConnected(connected);
  }
}
