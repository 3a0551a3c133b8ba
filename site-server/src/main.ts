// node site-server/dist/main.js <distDir> <port> [apiUrl]: serves one built app (public-site/dist or
// admin-portal/dist) on <port>, its API at [apiUrl] (default http://127.0.0.1:4000). NODE_ENV=production
// adds HSTS and reads dist/ only at start; PUBLIC_ORIGIN is the site's own address (absolute og:url and
// og:image, and the origin forms may be posted from).
import path from 'node:path';
import { createSiteServer } from './server.js';

const [distDir, port, apiUrl = 'http://127.0.0.1:4000'] = process.argv.slice(2);
if (!distDir || !port) {
  console.error('usage: node site-server/dist/main.js <distDir> <port> [apiUrl]');
  process.exit(2);
}
const site = createSiteServer({ distDir: path.resolve(distDir), apiUrl, production: process.env.NODE_ENV === 'production' });
const server = site.listen(Number(port));
server.keepAliveTimeout = 65_000;
const stop = () => {
  site.close();
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 5_000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
