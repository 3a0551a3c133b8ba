import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { Router, type Response } from 'express';
import { route, type RestContext, type RouteDef } from '../rest/route';
import { buildOpenApiDocument, type OpenApiDocument } from './document';
import { string } from './schema';

/**
 * The REST reference: the OpenAPI document at GET /api/openapi.json and Swagger UI (swagger-ui-dist,
 * served from node_modules, never a CDN) at GET /api/docs. The page's configuration is a script file of
 * our own (DOCS_INIT), not the distribution's inline one, so its CSP allows only scripts and styles
 * from this origin.
 */

interface Built {
  document: OpenApiDocument;
  json: string;
  etag: string;
}
const built = new WeakMap<readonly RouteDef[], Built>();

/** The document of a route table, built once per table (the router builds it at start-up). */
export function openApiDocument(routes: readonly RouteDef[]): Built {
  let found = built.get(routes);
  if (!found) {
    const document = buildOpenApiDocument(routes);
    const json = JSON.stringify(document);
    found = { document, json, etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` };
    built.set(routes, found);
  }
  return found;
}

/** The docs page and its assets may run scripts and styles of this origin; nothing else changes. */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const DOCS_PAGE = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>REST API reference — Gyan Jyoti Education Mission</title>
    <link rel="stylesheet" href="docs/swagger-ui.css">
    <link rel="stylesheet" href="docs/docs.css">
    <link rel="icon" type="image/png" href="docs/favicon-32x32.png" sizes="32x32">
  </head>
  <body>
    <noscript>This page needs JavaScript. The reference itself is the JSON document at <a href="openapi.json">openapi.json</a>.</noscript>
    <div id="swagger-ui"></div>
    <script src="docs/swagger-ui-bundle.js"></script>
    <script src="docs/init.js"></script>
  </body>
</html>
`;

/** The page's own configuration (instead of the distribution's inline script): the document next to this page. */
const DOCS_INIT = `"use strict";
window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: new URL('openapi.json', window.location.href).toString(),
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    validatorUrl: null,
    tryItOutEnabled: false,
    persistAuthorization: false,
    displayRequestDuration: true,
    docExpansion: 'none',
    operationsSorter: 'alpha',
    defaultModelsExpandDepth: 0,
  });
});
`;

const DOCS_CSS = `body { margin: 0; background: #fafafa; }
.swagger-ui .info { margin: 30px 0 20px; }
`;

/** The Swagger UI files the page loads, from the installed swagger-ui-dist (nothing else of it is served). */
const DIST = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const DIST_FILES = new Set(['swagger-ui.css', 'swagger-ui.css.map', 'swagger-ui-bundle.js', 'swagger-ui-bundle.js.map', 'favicon-32x32.png', 'favicon-16x16.png']);
const OWN_FILES: Record<string, { type: string; body: string }> = {
  'init.js': { type: 'application/javascript; charset=utf-8', body: DOCS_INIT },
  'docs.css': { type: 'text/css; charset=utf-8', body: DOCS_CSS },
};

const docsHeaders = (res: Response) => {
  res.setHeader('Content-Security-Policy', DOCS_CSP);
  res.setHeader('Cache-Control', 'public, max-age=3600');
};

/** The integrators' guide (docs/integrators.md of the repository; the API image copies it to the same place). */
const GUIDE = path.resolve(__dirname, '../../../docs/integrators.md');

/** GET /api/docs/<file>: the page's scripts, styles and icon, and the integrators' guide. */
export function docsAssets(): Router {
  const router = Router();
  router.get('/docs/:file', (req, res, next) => {
    const file = req.params.file;
    if (file === 'integrators.md') {
      if (!existsSync(GUIDE)) return next();
      docsHeaders(res);
      res.type('text/markdown; charset=utf-8').sendFile(GUIDE, (err) => err && next(err));
      return;
    }
    const own = OWN_FILES[file];
    if (own) {
      docsHeaders(res);
      res.type(own.type).send(own.body);
      return;
    }
    if (!DIST_FILES.has(file)) return next();
    docsHeaders(res);
    res.sendFile(path.join(DIST, file), { maxAge: '1h' }, (err) => err && next(err));
  });
  return router;
}

function sendDocument(ctx: RestContext, doc: Built) {
  ctx.res.setHeader('Cache-Control', 'public, max-age=300');
  ctx.res.setHeader('ETag', doc.etag);
  if (ctx.req.fresh) {
    ctx.res.status(304).end();
    return;
  }
  ctx.res.type('application/json; charset=utf-8').send(doc.json);
}

/** The reference's own routes; `routes` is the whole table they describe (themselves included). */
export const openApiRoutes = (routes: () => readonly RouteDef[]): RouteDef[] => [
  route(
    'get',
    '/openapi.json',
    'public',
    {
      summary: 'This reference as an OpenAPI 3 document',
      description: 'Built at start-up from the route table itself, so it lists every route this server answers. Cacheable (ETag, 5 minutes).',
      tag: 'Reference',
      response: { description: 'The OpenAPI 3.0 document', schema: { type: 'object', description: 'An OpenAPI 3.0.3 document' } },
    },
    async (ctx) => sendDocument(ctx, openApiDocument(routes())),
  ),
  route(
    'get',
    '/docs',
    'public',
    {
      summary: 'This reference as a page to read (Swagger UI)',
      description: 'Reads /api/openapi.json. Its scripts and styles are served under /api/docs/.',
      tag: 'Reference',
      response: { description: 'The HTML page', contentType: 'text/html', schema: string() },
    },
    async (ctx) => {
      // The page's links are relative to /api/docs: /api/docs/ is sent there.
      const url = new URL(ctx.req.originalUrl, 'http://x');
      if (url.pathname.endsWith('/')) {
        ctx.res.redirect(301, `${ctx.req.baseUrl}/docs${url.search}`);
        return;
      }
      docsHeaders(ctx.res);
      ctx.res.type('text/html; charset=utf-8').send(DOCS_PAGE);
    },
  ),
];
