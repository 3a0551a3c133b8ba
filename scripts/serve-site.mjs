// Serves one built single-page app (public site or admin portal) the way production does:
// hashed assets cached for a year, index.html never cached, a strict CSP, and /api, /graphql and
// /uploads proxied to the API on the same origin.
import path from 'node:path';
import compression from 'compression';
import express from 'express';
import helmet from 'helmet';
import { createProxyMiddleware } from 'http-proxy-middleware';

export function createSiteServer({ distDir, apiUrl, production = false }) {
  const app = express();
  app.disable('x-powered-by');
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      strictTransportSecurity: production,
      crossOriginEmbedderPolicy: false,
    }),
  );
  const proxy = createProxyMiddleware({ target: apiUrl, changeOrigin: false, xfwd: true, pathFilter: ['/api', '/graphql', '/uploads', '/healthz', '/readyz'] });
  app.use(proxy);
  app.use(compression());
  app.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false }),
  );
  app.use(express.static(distDir, { index: false, maxAge: '1h' }));
  // SPA fallback: every other GET is a client-side route.
  app.get(/.*/, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(path.join(distDir, 'index.html'));
  });
  return app;
}

// Run directly: node scripts/serve-site.mjs <distDir> <port> [apiUrl]
if (import.meta.url === `file://${process.argv[1]}`) {
  const [distDir, port, apiUrl = 'http://127.0.0.1:4000'] = process.argv.slice(2);
  const server = createSiteServer({ distDir: path.resolve(distDir), apiUrl, production: process.env.NODE_ENV === 'production' }).listen(Number(port));
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
