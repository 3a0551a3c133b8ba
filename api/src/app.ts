import { randomUUID } from 'node:crypto';
import type { RequestListener } from 'node:http';
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
import { contextError, createFormatError, unavailableStatusPlugin } from './graphql/format-error';
import { aliasLimit, costLimitPlugin, depthLimit, fieldLimit, MAX_TOKENS } from './graphql/limits';
import { singleSecretCheck } from './graphql/single-code-check';
import { createSchema } from './graphql/schema';
import { sharedEventKeyOf } from './events/event.rest';
import { createErrorMiddleware } from './rest/error-middleware';
import { createRestRouter } from './rest/router';
import { withStatementHeader } from './db/statement-counter';
import { preReadBodyError, sharedQueriesFastPath } from './graphql/shared-queries';
import type { Services } from './services';

export interface App {
  app: Express;
  /** The request listener to serve: the Express app behind the shared-response fast path. */
  handler: RequestListener;
  apollo: ApolloServer<GraphQLContext>;
  /** Shutting down: /readyz answers 503 from now on. */
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

  app.use((req, res, next) => {
    const incoming = req.headers['x-request-id'];
    res.locals.requestId = typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', res.locals.requestId);
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], imgSrc: ["'self'", 'data:'] } },
      crossOriginResourcePolicy: { policy: 'same-site' },
      strictTransportSecurity: config.nodeEnv === 'production',
    }),
  );
  app.use(cors({ origin: [config.publicOrigin, config.adminOrigin], credentials: false, maxAge: 600 }));
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

  const uploadsDir = services.storage.localDir ?? path.join(config.dataDir, 'uploads');
  app.use('/uploads', express.static(uploadsDir, { maxAge: '365d', immutable: true, index: false, fallthrough: true }));
  app.use('/uploads', (_req, res) => {
    res.status(404).json({ success: false, code: 'NOT_FOUND', msg: 'File not found', message: 'File not found', error: 'File not found' });
  });

  app.use('/api', createRestRouter(services));

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
    preReadBodyError,
    express.json({ limit: '100kb' }),
    expressMiddleware(apollo, {
      context: ({ req, res }) => buildContext(services, req.headers.authorization, req.ip ?? '', res.locals.requestId).catch((err) => Promise.reject(contextError(err))),
    }),
  );

  app.use(createErrorMiddleware(logger));
  const handler = withStatementHeader(
    config.sqlStatementHeader,
    sharedQueriesFastPath(
      services.sharedResponses,
      { today: () => services.events.today(), origins: [config.publicOrigin, config.adminOrigin] },
      services.sharedResponses.fastPath(app as unknown as RequestListener, sharedEventKeyOf(() => services.events.today())),
    ),
  );
  return { app, handler, apollo, drain: () => void (draining = true), stop: () => apollo.stop() };
}
