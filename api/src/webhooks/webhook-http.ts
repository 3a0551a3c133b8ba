import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** How a webhook request may go out (WEBHOOK_ALLOW_PRIVATE, NODE_ENV). */
export interface OutboundPolicy {
  /** http and loopback/private/link-local addresses allowed (tests, local use). */
  allowPrivate: boolean;
  /** http allowed (development). */
  allowHttp: boolean;
}

export const WEBHOOK_TIMEOUT_MS = 5_000;
/** At most this much of a response body is read (and kept in the delivery log). */
export const RESPONSE_BODY_LIMIT = 4_096;

export class UnsafeTargetError extends Error {}

/**
 * Only public unicast addresses: loopback, private (RFC 1918, unique local), link-local (with the cloud
 * metadata address 169.254.169.254), carrier-grade NAT (100.64/10, e.g. 100.100.100.200), multicast,
 * reserved, unspecified and the IPv6 transition ranges are refused; an IPv4-mapped IPv6 address is
 * judged as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/** Checks an endpoint URL's form: http(s), no credentials, a host; https unless the policy allows http. */
export function checkUrlForm(raw: string, policy: OutboundPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeTargetError('The URL is not valid');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UnsafeTargetError('The URL must start with https://');
  if (url.protocol === 'http:' && !policy.allowHttp && !policy.allowPrivate) throw new UnsafeTargetError('The URL must use https');
  if (url.username || url.password) throw new UnsafeTargetError('The URL must not hold a user name or password');
  if (!url.hostname) throw new UnsafeTargetError('The URL has no host');
  return url;
}

/** Resolves the URL's host once and picks the address the request is pinned to; refuses non-public ones (unless allowed). */
export async function resolveTarget(url: URL, policy: OutboundPolicy): Promise<{ address: string; family: 4 | 6 }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new UnsafeTargetError(`The host ${host} does not resolve`);
    }
  }
  if (!addresses.length) throw new UnsafeTargetError(`The host ${host} does not resolve`);
  // Every address must be public: a name that also resolves to a private one is refused as a whole.
  if (!policy.allowPrivate && addresses.some((a) => !isPublicAddress(a.address))) throw new UnsafeTargetError('The URL resolves to a private, loopback, link-local or metadata address');
  const first = addresses[0];
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

export interface SendResult {
  status: number | null;
  body: string;
  durationMs: number;
  error: string | null;
}

/**
 * POSTs the body to the URL at the pinned address (so a second DNS answer cannot point elsewhere),
 * with TLS checked against the URL's host name; redirects are not followed (a 3xx is a failure); the
 * whole request is cut at 5 s; at most RESPONSE_BODY_LIMIT bytes of the answer are read.
 */
export async function postPinned(url: URL, target: { address: string; family: 4 | 6 }, headers: Record<string, string>, body: string, timeoutMs = WEBHOOK_TIMEOUT_MS): Promise<SendResult> {
  const started = performance.now();
  const isHttps = url.protocol === 'https:';
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise<SendResult>((resolve) => {
    let done = false;
    const finish = (r: Omit<SendResult, 'durationMs'>) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ ...r, durationMs: Math.round(performance.now() - started) });
    };
    const options: https.RequestOptions = {
      method: 'POST',
      host: target.address,
      family: target.family,
      port: url.port || (isHttps ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      headers: { ...headers, host: url.host, 'content-length': Buffer.byteLength(body).toString() },
      agent: false,
      ...(isHttps ? { servername: isIP(hostname) ? undefined : hostname } : {}),
    };
    const req = (isHttps ? https : http).request(options, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size >= RESPONSE_BODY_LIMIT) return;
        chunks.push(chunk.subarray(0, RESPONSE_BODY_LIMIT - size));
        size += chunk.length;
        if (size >= RESPONSE_BODY_LIMIT) {
          finish({ status: res.statusCode ?? null, body: Buffer.concat(chunks).toString('utf8'), error: null });
          res.destroy();
        }
      });
      res.on('end', () => finish({ status: res.statusCode ?? null, body: Buffer.concat(chunks).toString('utf8'), error: null }));
      res.on('error', (err) => finish({ status: res.statusCode ?? null, body: Buffer.concat(chunks).toString('utf8'), error: err.message }));
    });
    const timer = setTimeout(() => {
      finish({ status: null, body: '', error: `No answer within ${timeoutMs / 1000} s` });
      req.destroy();
    }, timeoutMs);
    req.on('error', (err) => finish({ status: null, body: '', error: err.message.slice(0, 300) }));
    req.end(body);
  });
}
