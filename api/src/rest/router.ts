import { requestLanguage } from '../i18n/languages';
import express, { Router, type RequestHandler } from 'express';
import multer from 'multer';
import { assertAccess, type Viewer } from '../common/access';
import { DomainError, unauthenticated, validationError } from '../common/errors';
import type { PublicCache } from '../http/public-cache';
import type { Services } from '../services';
import { docsAssets, openApiDocument } from '../openapi/openapi.rest';
import { restRoutes } from './routes';
import { Reply, type RouteDef } from './route';

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: 5 * 1024 * 1024, files: 1, parts: 30, fields: 25, fieldSize: 64 * 1024 },
});

function uploadMiddleware(def: RouteDef): RequestHandler[] {
  if (!def.upload) return [];
  const accept = upload.fields(def.upload.fields.map((name) => ({ name, maxCount: 1 })));
  // Only run multer for multipart bodies; JSON bodies go through the JSON parser as usual.
  return [(req, res, next) => (req.is('multipart/form-data') ? accept(req, res, next) : next())];
}

/** Mounts every declared route with its access check; the handlers only map shapes and call services. */
export function createRestRouter(services: Services, options: { publicCache?: PublicCache; routes?: RouteDef[] } = {}): Router {
  const routes = options.routes ?? restRoutes;
  const router = Router();
  // The REST reference is built now, from this table: a route without a complete entry stops the start.
  openApiDocument(routes);
  router.use(docsAssets());
  router.use(express.json({ limit: '100kb' }));
  for (const def of routes) {
    // The access check runs before any upload is read, so anonymous callers cannot make the server buffer files.
    const checkAccess: RequestHandler = async (req, res, next) => {
      try {
        const { viewer, problem, apiKeyRejected } = await services.viewers.forRequest(req);
        // A key that was presented but is unknown, revoked or expired is refused even on public routes.
        if (apiKeyRejected) throw unauthenticated(problem);
        assertAccess(def.access, viewer, problem, def.doc.scope);
        res.locals.viewer = viewer;
        next();
      } catch (err) {
        next(err);
      }
    };
    router[def.method](def.path, checkAccess, ...uploadMiddleware(def), async (req, res, next) => {
      try {
        const viewer = (res.locals.viewer ?? null) as Viewer | null;
        const files = (req.files ?? {}) as Record<string, Express.Multer.File[]>;
        const file = Object.values(files).flat()[0];
        // A JSON array where the route takes an object is refused, never read as an empty object (a PUT would
        // have answered 200 changing nothing).
        if (Array.isArray(req.body) && def.method !== 'get') throw validationError('The request body must be a JSON object');
        const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
        const result = await def.handler({ req, res, viewer, services, params: req.params as Record<string, string>, body, ip: req.ip ?? '', file, lang: requestLanguage(req) });
        if (res.headersSent) return;
        if (result instanceof Reply) res.status(result.status).json(result.body);
        // A signed-out public read the front door marked is kept for the next visitor (and sent with its ETag).
        else if (!viewer && def.access === 'public' && options.publicCache?.respond(req, res, result)) return;
        else res.json(result);
      } catch (err) {
        next(err);
      }
    });
  }
  router.use((req, _res, next) => next(new DomainError('NOT_FOUND', `No such API route: ${req.method} ${req.path}`)));
  return router;
}
