import { expect, test } from '@playwright/test';
import { STACK } from '../../support/stack-config.cjs';

/** Parses a Content-Security-Policy header into directive -> sources. */
function parseCsp(header: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

const sites = [
  { name: 'public site', url: STACK.publicUrl, paths: ['/', '/events', '/no-such-page'] },
  { name: 'admin portal', url: STACK.adminUrl, paths: ['/admin/login', '/admin/events'] },
];

test.describe('security headers', () => {
  for (const site of sites) {
    test(`${site.name}: strict CSP (no inline script), nosniff, no framing`, async ({ request }) => {
      const html = await request.get(`${site.url}${site.paths[0]}`);
      const asset = /<script[^>]+src="([^"]+\.js)"/.exec(await html.text())?.[1];
      expect(asset).toBeTruthy();
      for (const path of [...site.paths, asset!]) {
        const response = await request.get(`${site.url}${path}`);
        expect(response.status(), path).toBe(200);
        const headers = response.headers();
        const csp = parseCsp(headers['content-security-policy']);
        const scripts = csp.get('script-src') ?? csp.get('default-src');
        expect(scripts, `${path}: script-src`).toBeDefined();
        expect(scripts, `${path}: script-src`).toContain("'self'");
        for (const forbidden of ["'unsafe-inline'", "'unsafe-eval'", 'data:', '*', 'http:', 'https:']) {
          expect(scripts, `${path}: script-src allows ${forbidden}`).not.toContain(forbidden);
        }
        // 'unsafe-inline' is tolerated for styles only.
        for (const [directive, sources] of csp) {
          if (directive !== 'style-src') expect(sources, `${path}: ${directive}`).not.toContain("'unsafe-inline'");
        }
        expect(csp.get('object-src'), `${path}: object-src`).toEqual(["'none'"]);
        expect(csp.get('frame-ancestors'), `${path}: frame-ancestors`).toEqual(["'none'"]);
        expect(headers['x-content-type-options'], `${path}: nosniff`).toBe('nosniff');
      }
      // The page carries no inline script the CSP would have to allow (a page drawn with its data carries
      // that data as JSON, which the browser never runs).
      expect(await html.text()).not.toMatch(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>/);
    });

    test(`${site.name}: pages load without a CSP violation`, async ({ page }) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      for (const path of site.paths) {
        await page.goto(`${site.url}${path}`);
        await page.waitForLoadState('networkidle');
        await expect(page.locator('#root')).not.toBeEmpty();
      }
      expect(violations).toEqual([]);
    });
  }

  test('API: helmet headers, and CORS only for the two sites', async ({ request }) => {
    const plain = await request.get(`${STACK.apiUrl}/api/events`);
    expect(plain.headers()['x-content-type-options']).toBe('nosniff');
    expect(parseCsp(plain.headers()['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);

    const preflight = (origin: string) =>
      request.fetch(`${STACK.apiUrl}/graphql`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
      });
    for (const origin of [STACK.publicUrl, STACK.adminUrl]) {
      expect((await preflight(origin)).headers()['access-control-allow-origin'], origin).toBe(origin);
      const get = await request.get(`${STACK.apiUrl}/api/events`, { headers: { origin } });
      expect(get.headers()['access-control-allow-origin'], origin).toBe(origin);
    }
    for (const origin of ['https://evil.example', 'null', `${STACK.publicUrl}.evil.example`, 'http://localhost:9999']) {
      const pre = await preflight(origin);
      expect(pre.headers()['access-control-allow-origin'], `preflight from ${origin}`).toBeUndefined();
      expect(pre.headers()['access-control-allow-credentials'], `preflight from ${origin}`).toBeUndefined();
      const get = await request.get(`${STACK.apiUrl}/api/events`, { headers: { origin } });
      expect(get.headers()['access-control-allow-origin'], `GET from ${origin}`).toBeUndefined();
      const post = await request.post(`${STACK.apiUrl}/graphql`, { headers: { origin, 'content-type': 'application/json' }, data: { query: '{ visitorCount }' } });
      expect(post.headers()['access-control-allow-origin'], `POST from ${origin}`).toBeUndefined();
      // Through a site's same-origin proxy as well.
      const proxied = await request.get(`${STACK.publicUrl}/api/events`, { headers: { origin } });
      expect(proxied.headers()['access-control-allow-origin'], `proxied GET from ${origin}`).toBeUndefined();
    }
  });
});
