import { expect, test } from '@playwright/test';
import { STACK } from '../../support/stack-config.cjs';
import { adminGql } from '../admin/admin-helpers';

const meta = (html: string, attr: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1];

test.describe('page meta for crawlers and link previews', () => {
  test('each public page has its own title and description; robots.txt and the favicon exist', async ({ request }) => {
    const seen = new Set<string>();
    for (const path of ['/', '/about', '/events', '/teams', '/contact', '/registration', '/login']) {
      const html = await (await request.get(`${STACK.publicUrl}${path}`)).text();
      expect(html).toMatch(/<html lang="en">/);
      const description = meta(html, 'name', 'description');
      expect(description, path).toBeTruthy();
      expect(seen.has(description!), `${path} repeats a description`).toBe(false);
      seen.add(description!);
      expect(meta(html, 'property', 'og:title'), path).toBeTruthy();
    }
    expect((await request.get(`${STACK.publicUrl}/robots.txt`)).status()).toBe(200);
    expect((await request.get(`${STACK.publicUrl}/favicon.svg`)).headers()['content-type']).toContain('image/svg+xml');
    // The admin portal is not indexed and gets no injected tags.
    const adminHtml = await (await request.get(`${STACK.adminUrl}/admin/login`)).text();
    expect(adminHtml).toContain('noindex');
    expect(adminHtml).not.toContain('og:title');
  });

  test('an event page carries the event in its Open Graph tags, escaped', async ({ request }) => {
    const title = `OG "quoted" <script>alert(1)</script> & 'more' ${Date.now()}`;
    const { createEvent } = await adminGql<{ createEvent: { id: string } }>(request, 'mutation($input: EventInput!) { createEvent(input: $input) { id } }', {
      input: { title, category: 'GENERAL', description: 'A <b>bold</b> "event" description.', date: '2031-05-02', time: '10:00', location: 'Kareli, Prayagraj' },
    });
    try {
      const html = await (await request.get(`${STACK.publicUrl}/events/${createEvent.id}`)).text();
      const ogTitle = meta(html, 'property', 'og:title');
      expect(ogTitle).toContain('OG &#34;quoted&#34; &#60;script&#62;alert(1)&#60;/script&#62; &#38; &#39;more&#39;');
      expect(meta(html, 'property', 'og:type')).toBe('article');
      // The date as the page writes it (entry-server's loadPageData meta), then the place and the description.
      expect(meta(html, 'property', 'og:description')).toContain('Friday, 2 May 2031 · Kareli, Prayagraj. A &#60;b&#62;bold&#60;/b&#62; &#34;event&#34; description.');
      expect(meta(html, 'property', 'og:url')).toBe(`${STACK.publicUrl}/events/${createEvent.id}`);
      expect(html).toContain(`<title>${ogTitle}</title>`);
      expect(html).not.toContain('<script>alert(1)');
      // The only scripts are files (the bundle's, and early-press.js, which keeps a tap made before the app runs):
      // none inline. Beside them, the event's data as JSON (escaped: no '<' inside).
      const scripts = html.match(/<script\b(?![^>]*type="application\/json")[^>]*>/g) ?? [];
      expect(scripts).toHaveLength(2);
      expect(scripts.every((tag) => / src="\/[^"]+\.js"/.test(tag))).toBe(true);
      expect(scripts.some((tag) => tag.includes('src="/early-press.js"'))).toBe(true);
      const data = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
      expect(data).toBeDefined();
      expect(data).not.toContain('<');
      expect(JSON.stringify(JSON.parse(data!))).toContain('<script>alert(1)</script>');
      // An unknown event gets the events page's tags, and a page that says not found, with a 404.
      const unknown = await request.get(`${STACK.publicUrl}/events/00000000-0000-0000-0000-000000000000`);
      expect(unknown.status()).toBe(404);
      expect(meta(await unknown.text(), 'property', 'og:title')).toMatch(/^Events Calendar/);
    } finally {
      await adminGql(request, 'mutation($id: ID!) { deleteEvent(id: $id) { success } }', { id: createEvent.id });
    }
  });
});
