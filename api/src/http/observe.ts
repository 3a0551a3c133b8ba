import type { IncomingMessage, RequestListener } from 'node:http';
import type { Logger } from '../common/logger';
import { runInRequestContext } from '../common/request-context';
import { assignRequestId } from './request-id';

/** The route label of a request no route matched (unknown paths, most CORS preflights): one value, whatever the URL. */
export const UNMATCHED_ROUTE = 'unmatched';

const ROUTE = Symbol('routeLabel');
type LabelledRequest = IncomingMessage & { [ROUTE]?: string; route?: { path?: unknown } };

/** For answers given before Express runs (the public cache's front door): the route pattern they answer. */
export function labelRoute(req: IncomingMessage, route: string): void {
  (req as LabelledRequest)[ROUTE] = route;
}

/**
 * A request's route pattern (`/api/events/:id`, `/graphql`), never its URL, so that labels stay few.
 * Express leaves the matched route on `req.route` (its path relative to the router's mount, so mounted
 * routers are registered with their prefix).
 */
export class RouteLabels {
  private readonly labels = new WeakMap<object, string>();

  /** Remembers the full pattern of every route of a router mounted at `prefix` ('' for the app's own). */
  mount(prefix: string, router: { stack: readonly { route?: { path?: unknown } }[] }): void {
    for (const layer of router.stack) {
      if (layer.route && typeof layer.route.path === 'string') this.labels.set(layer.route, prefix + layer.route.path);
    }
  }

  of(req: IncomingMessage, pathname: string): string {
    const r = req as LabelledRequest;
    if (r[ROUTE]) return r[ROUTE];
    if (r.route) return this.labels.get(r.route) ?? (typeof r.route.path === 'string' ? r.route.path : UNMATCHED_ROUTE);
    // Mounted middleware rather than routes: GraphQL (Apollo, or the front door) and the uploaded files.
    if (pathname === '/graphql' || pathname.startsWith('/graphql/')) return '/graphql';
    if (pathname.startsWith('/uploads/')) return '/uploads/*';
    return UNMATCHED_ROUTE;
  }
}

/** What is done with each finished request (the metrics, when on). */
export type RequestObserver = (method: string, route: string, status: number, seconds: number) => void;

/**
 * The outermost layer of the HTTP server, before the public cache's front door: gives the request its id
 * (the caller's X-Request-Id, else a new one; echoed) and runs the whole request inside it, so every log
 * line written while handling it, however deep, carries `requestId`. When the answer is over, writes one
 * access line (method, route, path without query string, status, duration) and tells the observer.
 * A client that leaves before its answer is complete is recorded with status 499 (nginx's convention).
 */
export function observeRequests(handler: RequestListener, options: { logger: Logger; routes: RouteLabels; observer?: RequestObserver | null }): RequestListener {
  const { logger, routes, observer } = options;
  return (req, res) => {
    const started = process.hrtime.bigint();
    const context = { requestId: assignRequestId(req, res) };
    // Captured now: routers rewrite req.url on the way in.
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    res.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const aborted = !res.writableFinished;
      const status = aborted ? 499 : res.statusCode;
      const route = routes.of(req, path);
      const method = req.method ?? 'GET';
      observer?.(method, route, status, seconds);
      runInRequestContext(context, () =>
        logger.info('request completed', { method, route, path, status, durationMs: Math.round(seconds * 10_000) / 10, ...(aborted ? { aborted: true } : {}) }),
      );
    });
    runInRequestContext(context, () => handler(req, res));
  };
}
