// Debian's nginx with the repository's site configuration (deploy/nginx-site.conf), for
// scripts/prod-shape.test.mjs. The site file is rendered as the nginx image's envsubst step renders it
// in the compose shape (only the named ${...} parameters are replaced); the main nginx.conf around it
// stands for the image's own /etc/nginx/nginx.conf, with every path (pid, logs, temp files) in a folder
// of the test's, and an access log that names the replica each request went to (which the production
// configuration does not show anyone).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SITE_TEMPLATE = path.join(root, 'deploy/nginx-site.conf');
export const SITE_PARAMETERS = ['API_UPSTREAM_SERVERS', 'SITE_LISTEN', 'SITE_ROOT', 'PAGE_SERVERS'];
/** PAGE_SERVERS of a site without page servers (the site images' default, Dockerfile). */
export const NO_PAGE_SERVER = 'server 127.0.0.1:9 down;';

/** The nginx binary: NGINX_BIN, else nginx on PATH, else Debian's /usr/sbin/nginx; null when none. */
export function findNginx() {
  const candidates = [process.env.NGINX_BIN, ...(process.env.PATH ?? '').split(path.delimiter).map((d) => d && path.join(d, 'nginx')), '/usr/sbin/nginx'];
  return candidates.find((c) => c && existsSync(c)) ?? null;
}

/** Debian's (and the nginx image's) mime.types, beside the binary's configuration. */
export function findMimeTypes() {
  return ['/etc/nginx/mime.types', '/usr/local/etc/nginx/mime.types'].find((p) => existsSync(p)) ?? null;
}

/**
 * deploy/nginx-site.conf with its parameters filled in, as envsubst does with exactly these names
 * defined: `${NAME}` of a given name is replaced, everything else (nginx's $variables) is left alone.
 */
export function renderSiteConf(values, template = readFileSync(SITE_TEMPLATE, 'utf8')) {
  for (const name of SITE_PARAMETERS) {
    if (typeof values[name] !== 'string' || values[name] === '') throw new Error(`renderSiteConf: ${name} is required`);
    if (!template.includes(`\${${name}}`)) throw new Error(`renderSiteConf: the template has no \${${name}}`);
  }
  return template.replace(/\$\{([A-Z0-9_]+)\}/g, (whole, name) => (SITE_PARAMETERS.includes(name) ? values[name] : whole));
}

/** The `server` directives for API_UPSTREAM_SERVERS from "host:port" addresses. */
export const upstreamServers = (addresses) => addresses.map((a) => `server ${a};`).join(' ');

/**
 * The main configuration around the site file: the nginx image's nginx.conf (worker_processes auto,
 * mime types, sendfile, keepalive_timeout 65) with two workers (the RR state is shared through the
 * upstream's zone, so more would change nothing), the prefix folder's paths, and a log line per request
 * with the upstream address(es) and status(es): "a, b" when nginx went on to the next replica.
 */
export function mainConf(dir, siteConfPath) {
  const p = (name) => path.join(dir, name);
  // Running as root (as in CI), nginx would hand its workers to `nobody`, who cannot write this folder.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  return `${user}worker_processes 2;
error_log ${p('error.log')} notice;
pid ${p('nginx.pid')};

events {
  worker_connections 1024;
}

http {
  include ${findMimeTypes()};
  default_type application/octet-stream;
  log_format prodshape '$msec $status $request_method "$request_uri" upstream="$upstream_addr" upstream_status="$upstream_status" time=$request_time';
  access_log ${p('access.log')} prodshape;
  client_body_temp_path ${p('tmp/client_body')};
  proxy_temp_path ${p('tmp/proxy')};
  fastcgi_temp_path ${p('tmp/fastcgi')};
  uwsgi_temp_path ${p('tmp/uwsgi')};
  scgi_temp_path ${p('tmp/scgi')};
  sendfile on;
  keepalive_timeout 65;
  include ${siteConfPath};
}
`;
}

/** Writes the prefix folder (site.conf, nginx.conf, temp folders) and checks it with `nginx -t`. */
export function prepareNginx(nginxBin, dir, values) {
  mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  const siteConf = path.join(dir, 'site.conf');
  writeFileSync(siteConf, renderSiteConf(values));
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, mainConf(dir, siteConf));
  const check = spawnSync(nginxBin, ['-t', '-q', '-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t failed for ${conf}:\n${check.stderr}${readLog(path.join(dir, 'error.log'))}`);
  return conf;
}

function readLog(file) {
  try {
    return readFileSync(file, 'utf8').slice(-3_000);
  } catch {
    return '';
  }
}

/** Starts nginx in the foreground (`daemon off`, as in the image) and waits until `url` answers. */
export async function startNginx(nginxBin, dir, conf, url) {
  const child = spawn(nginxBin, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const server = { child, dir, accessLog: path.join(dir, 'access.log'), errorLog: path.join(dir, 'error.log'), stderr: '' };
  child.stderr.on('data', (d) => (server.stderr = (server.stderr + d).slice(-2_000)));
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${server.stderr}${readLog(server.errorLog)}`);
    const up = await fetch(url, { signal: AbortSignal.timeout(1_000) }).then(() => true, () => false);
    if (up) return server;
    if (Date.now() - started > 10_000) throw new Error(`nginx not answering at ${url} after 10 s: ${server.stderr}${readLog(server.errorLog)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Stops nginx as `docker stop` does (SIGTERM to the master, which stops its workers) and waits for it. */
export async function stopNginx(server) {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** The access log as { msec, status, method, uri, upstreams: [addr], upstreamStatuses: [status] }. */
export function readAccessLog(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const line = /^(\d+\.\d+) (\d{3}) (\S+) "([^"]*)" upstream="([^"]*)" upstream_status="([^"]*)" time=(\S+)$/;
  return text
    .split('\n')
    .map((l) => line.exec(l))
    .filter(Boolean)
    .map(([, msec, status, method, uri, upstream, upstreamStatus, time]) => ({
      at: Number(msec) * 1000,
      status: Number(status),
      method,
      uri,
      // "a, b" when nginx went on to the next replica; "a : b" across internal redirects; "-" when none.
      upstreams: upstream === '-' ? [] : upstream.split(/\s*[,:]\s+/),
      upstreamStatuses: upstreamStatus === '-' ? [] : upstreamStatus.split(/\s*[,:]\s+/),
      time: Number(time),
    }));
}
