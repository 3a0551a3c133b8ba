import type { Request, Response } from 'express';
import type { ChangeFeed, Topic } from '../db/change-feed';

/**
 * GET /api/changes: the change feed (db/change-feed.ts) as server-sent events, for the site's page
 * servers, which keep drawn pages until a change they were drawn from. Each committed write that names
 * topics is sent to every subscriber as it commits, whichever API process committed it:
 *
 *   event: ready          once, on subscribing: {"heartbeatMs":15000}
 *   event: change         per committed write: its topics, space-separated ('events', 'event:<id>', 'team'),
 *   data: events event:… or '*' when what changed is unknown
 *   : heartbeat           a comment every heartbeatMs, so a proxy keeps the stream and the reader can tell it is alive
 *
 * Topic names only: nothing personal, nothing a signed-out reader cannot see. A subscriber learns of
 * writes it did not hear by reconnecting (it starts from nothing, so it needs no replay). While this
 * process does not hear every write (its LISTEN connection to Postgres is down), it ends every stream
 * and answers 503, so that no page server keeps a page it could not be told about; so does draining.
 * At most `maxSubscribers` streams at once (503 beyond, with Retry-After).
 */
export class ChangeStream {
  private readonly streams = new Set<Response>();
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;
  private readonly unsubscribe: Array<() => void>;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly options: { maxSubscribers?: number; heartbeatMs?: number } = {},
  ) {
    this.unsubscribe = [
      feed.subscribe((changed) => this.send(changed)),
      feed.onCoherenceChange((coherent) => {
        if (!coherent) this.endAll();
      }),
    ];
    this.heartbeat = setInterval(() => this.write(': heartbeat\n\n'), this.heartbeatMs);
    this.heartbeat.unref();
  }

  get heartbeatMs(): number {
    return this.options.heartbeatMs ?? 15_000;
  }

  get maxSubscribers(): number {
    return this.options.maxSubscribers ?? 64;
  }

  get subscribers(): number {
    return this.streams.size;
  }

  readonly handler = (req: Request, res: Response): void => {
    const refuse = (message: string) => {
      res.setHeader('Retry-After', '1');
      res.status(503).json({ success: false, code: 'UNAVAILABLE', msg: message, message, error: message });
    };
    if (this.closed) return refuse('The server is shutting down');
    if (!this.feed.coherent) return refuse('The change feed is reconnecting to the database');
    if (this.streams.size >= this.maxSubscribers) return refuse('Too many change feed subscribers');
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: the compression middleware leaves the stream alone; nginx does not buffer it.
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    });
    res.write(`retry: 1000\nevent: ready\ndata: ${JSON.stringify({ heartbeatMs: this.heartbeatMs })}\n\n`);
    this.streams.add(res);
    const drop = () => this.streams.delete(res);
    req.on('close', drop);
    res.on('close', drop);
  };

  /** Ends every stream and refuses new ones (the process is draining). */
  close(): void {
    this.closed = true;
    clearInterval(this.heartbeat);
    for (const off of this.unsubscribe) off();
    this.endAll();
  }

  private send(changed: Topic[] | 'all'): void {
    if (changed !== 'all' && changed.length === 0) return;
    this.write(`event: change\ndata: ${changed === 'all' ? '*' : changed.join(' ')}\n\n`);
  }

  private write(text: string): void {
    for (const res of this.streams) res.write(text);
  }

  private endAll(): void {
    for (const res of this.streams) res.end();
    this.streams.clear();
  }
}
