import type { IncomingMessage, RequestListener } from 'node:http';
import path from 'node:path';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import compression from 'compression';
import cors from 'cors';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { DataSource } from 'typeorm';
import type { Logger } from './common/logger';
import type { Config } from './config/env';
import { buildContext, type GraphQLContext } from './graphql/context';
import { requestLanguage } from './i18n/languages';
import { contextError, createFormatError, unavailableStatusPlugin } from './graphql/format-error';
import { aliasLimit, costLimitPlugin, depthLimit, fieldLimit, MAX_TOKENS } from './graphql/limits';
import { singleSecretCheck } from './graphql/single-code-check';
import { createSchema } from './graphql/schema';
import { createErrorMiddleware } from './rest/error-middleware';
import { createRestRouter } from './rest/router';
import { restRoutes } from './rest/routes';
import { keyedReadGate } from './api-keys/keyed-reads';
import { changeFeedOf } from './db/change-feed';
import { withStatementHeader } from './db/statement-counter';
import { ChangeStream } from './http/change-stream';
import { bodyReadByFrontDoor, PublicCache, type GraphQLAnswer } from './http/public-cache';
import { Metrics, metricsEndpoint } from './http/metrics';
import { observeRequests, RouteLabels } from './http/observe';
import { assignRequestId } from './http/request-id';
import type { Services } from './services';

export interface App {
  app: Express;
  /** The request listener to serve: the Express app behind the shared-response fast path. */
  handler: RequestListener;
  apollo: ApolloServer<GraphQLContext>;
  /** The shared answers of public reads (tests look at its counts). */
  publicCache: PublicCache;
  /** The change feed as server-sent events for the page servers (GET /api/changes). */
  changeStream: ChangeStream;
  /** Shutting down: /readyz answers 503 from now on, and the change streams end. */
  drain(): void;
  stop(): Promise<void>;
}

/** Builds the HTTP application without listening, so tests can mount it. */
export async function createApp(config: Config, dataSource: DataSource, services: Services, logger: Logger): Promise<App> {
  const app = express();
  app.disable('x-powered-by');
  // Behind the local site servers (or a real proxy), the client address comes from X-Forwarded-For.
  app.set('trust proxy', config.trustProxy ? true : 'loopback');
  app.set('etag', 'strong');

  const origins = [config.publicOrigin, config.adminOrigin];
  // API keys read the shared public answers too, once the gate has checked them (api-keys/keyed-reads.ts).
  const publicCache = new PublicCache({ clock: services.clock, today: () => services.events.today(), corsOrigins: origins, keyGate: keyedReadGate(services.viewers, restRoutes) });
  // Every process on the database hears every committed write (db/change-feed.ts).
  const changes = changeFeedOf(dataSource);
  changes.subscribe((changed) => publicCache.invalidate(changed));
  publicCache.setEnabled(changes.coherent);
  changes.onCoherenceChange((coherent) => publicCache.setEnabled(coherent));
  const changeStream = new ChangeStream(changes);
  // Prometheus metrics (GET /metrics) only when METRICS_TOKEN is set; a registry per app.
  const metrics = config.metricsToken ? new Metrics({ dataSource, publicCache, mail: services.mail, jobs: services.jobs, logger }) : null;

  const security = helmet({
    contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], imgSrc: ["'self'", 'data:'] } },
    crossOriginResourcePolicy: { policy: 'same-site' },
    strictTransportSecurity: config.nodeEnv === 'production',
  });
  app.use((req, res, next) => {
    res.locals.requestId = assignRequestId(req, res);
    next();
  });
  app.use(security);
  // Content answers in the request's language (`?lang=` or Accept-Language): say which, and that it varies.
  app.use(['/api', '/graphql'], (req, res, next) => {
    res.setHeader('Content-Language', requestLanguage(req));
    res.vary('Accept-Language');
    next();
  });
  app.use(cors({ origin: origins, credentials: false, maxAge: 600 }));
  app.use(compression());

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  let draining = false;
  app.get('/readyz', async (_req, res) => {
    if (draining) {
      res.status(503).json({ status: 'draining', message: 'The server is shutting down' });
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([dataSource.query('SELECT 1'), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), 2000)))]);
      res.json({ status: 'ready' });
    } catch {
      res.status(503).json({ status: 'unavailable', message: 'The database is not reachable' });
    } finally {
      clearTimeout(timer);
    }
  });

  app.get('/metrics', metricsEndpoint(metrics, config.metricsToken));

  const uploadsDir = services.storage.localDir ?? path.join(config.dataDir, 'uploads');
  app.use('/uploads', express.static(uploadsDir, { maxAge: '365d', immutable: true, index: false, fallthrough: true }));
  app.use('/uploads', (_req, res) => {
    res.status(404).json({ success: false, code: 'NOT_FOUND', msg: 'File not found', message: 'File not found', error: 'File not found' });
  });

  // The site's page servers keep drawn pages until a change: they hear of changes here (http/change-stream.ts).
  app.get('/api/changes', changeStream.handler);
  const restRouter = createRestRouter(services, { publicCache });
  app.use('/api', restRouter);

  const apollo = new ApolloServer<GraphQLContext>({
    schema: await createSchema(),
    introspection: config.nodeEnv !== 'production',
    includeStacktraceInErrorResponses: false,
    allowBatchedHttpRequests: false,
    // main.ts drains and stops it after the last request; Apollo's own SIGTERM handler would fail requests in flight.
    stopOnTerminationSignals: false,
    parseOptions: { maxTokens: MAX_TOKENS },
    validationRules: [depthLimit(), aliasLimit(), fieldLimit(), singleSecretCheck()],
    formatError: createFormatError(logger),
    plugins: [ApolloServerPluginLandingPageDisabled(), costLimitPlugin(), unavailableStatusPlugin()],
  });
  await apollo.start();
  app.use(
    '/graphql',
    bodyReadByFrontDoor,
    express.json({ limit: '100kb' }),
    expressMiddleware(apollo, {
      context: ({ req, res }) => buildContext(services, services.viewers.forRequest(req), req.ip ?? '', res.locals.requestId, requestLanguage(req)).catch((err) => Promise.reject(contextError(err))),
    }),
  );

  app.use(createErrorMiddleware(logger));

  /** A signed-out public query missed the cache: run it through Apollo's whole pipeline (limits, validation, resolvers). */
  const runPublicQuery = async (req: IncomingMessage, body: Record<string, unknown>, requestId: string): Promise<GraphQLAnswer> => {
    const contextValue = await buildContext(services, { viewer: null }, req.socket.remoteAddress ?? '', requestId, requestLanguage(req));
    const result = await apollo.executeOperation(
      {
        query: body.query as string,
        variables: (body.variables ?? undefined) as Record<string, unknown> | undefined,
        operationName: typeof body.operationName === 'string' ? body.operationName : undefined,
      },
      { contextValue },
    );
    if (result.body.kind !== 'single') return { status: 500, json: JSON.stringify({ errors: [{ message: 'Unexpected incremental answer' }] }), cacheable: false };
    const answer = result.body.singleResult;
    const status = result.http.status ?? 200;
    return { status, json: JSON.stringify(answer), cacheable: status === 200 && !answer.errors && !!answer.data };
  };
  // Requests are labelled by route pattern (metrics, access lines), never by URL.
  const routes = new RouteLabels();
  routes.mount('', app.router);
  routes.mount('/api', restRouter);
  // Outermost: the request id and its log context, the access line and the request metrics, for every
  // answer (the front door's included).
  const handler = observeRequests(
    withStatementHeader(
      config.sqlStatementHeader,
      publicCache.frontDoor(app as unknown as RequestListener, runPublicQuery, (req, res) => security(req as never, res as never, () => undefined)),
    ),
    { logger, routes, observer: metrics && ((method, route, status, seconds) => metrics.observe(method, route, status, seconds)) },
  );
  return {
    app,
    handler,
    apollo,
    publicCache,
    changeStream,
    drain: () => {
      draining = true;
      changeStream.close();
    },
    stop: async () => {
      changeStream.close();
      await apollo.stop();
    },
  };
}
