// The security headers of every answer (helmet's, taken once: they do not depend on the request), the
// CSP of the pages, and the stricter set of error pages.
import helmet from 'helmet';
import type { HeaderList } from './static-files.js';

/** The pages' Content-Security-Policy: scripts and data from this origin only, forms posted here only. */
export const CSP_DIRECTIVES = {
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
};

/**
 * helmet's headers for this configuration, as a flat [name, value, ...] list, taken once: the same set,
 * in the same order, as when helmet ran on every request. HSTS only in production.
 */
export function securityHeaders(production: boolean): HeaderList {
  const headers: HeaderList = [];
  const recorder = { setHeader: (name: string, value: unknown) => headers.push(name, String(value)), removeHeader: () => {}, getHeader: () => undefined };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    strictTransportSecurity: production,
    crossOriginEmbedderPolicy: false,
  })({} as never, recorder as never, () => {});
  return headers;
}

/** `list` with the value of header `name` replaced. */
export const withHeader = (list: HeaderList, name: string, value: string): HeaderList => list.map((v, i) => (i % 2 === 1 && list[i - 1] === name ? value : v));

/** Error pages say as little as they can, as express's final handler did, and may load nothing. */
export const errorHeadersOf = (security: HeaderList): HeaderList => [...withHeader(security, 'Content-Security-Policy', "default-src 'none'"), 'Content-Type', 'text/html; charset=utf-8'];
