import { expect, test } from '@playwright/test';
import { STACK } from '../../support/stack-config.cjs';
import { upcomingEvents } from './public-events';

// Pages with data are drawn by the site server with it (their route's pageData, entry-server's
// loadPageData and render): readable with JavaScript off, and hydrated from the served data without
// asking the API again.

test.describe('served pages with JavaScript off', () => {
  test('home lists events with links, an event page shows its title, date, place and description, the events page shows the month', async ({ browser, request }) => {
    const events = await upcomingEvents(request);
    expect(events.length).toBeGreaterThan(0); // the demo data has events to come
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto('/');
      const upcoming = page.getByRole('region', { name: 'Upcoming Events' });
      await expect(upcoming.getByRole('article').first()).toBeVisible();
      await expect(page.getByText('Loading events...')).toHaveCount(0);
      const link = upcoming.getByRole('link').filter({ hasText: events[0].title }).first();
      await expect(link).toHaveAttribute('href', `/events/${events[0].id}`);

      // A plain link, followed without script: the page is drawn with its event.
      await link.click();
      await expect(page).toHaveURL(`${STACK.publicUrl}/events/${events[0].id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(events[0].title);
      const [year, month, day] = events[0].date.split('-').map(Number);
      const longDate = new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
      await expect(page.locator('main')).toContainText(longDate);
      await expect(page.locator('main')).toContainText(events[0].location);
      await expect(page.locator('main')).toContainText(events[0].description.slice(0, 60));
      await expect(page).toHaveTitle(`${events[0].title} | Gyan Jyoti Education Mission`);

      await page.goto('/events');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Coming up');
      const monthName = new Date(Date.UTC(year, month - 1, 1)).toLocaleDateString('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(monthName) })).toBeVisible();
      await expect(page.getByRole('article').filter({ hasText: events[0].title })).toBeVisible();

      // The month calendar of the month in the URL, with its counts.
      const monthParam = events[0].date.slice(0, 7);
      await page.goto(`/events?month=${monthParam}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(monthName);
      await expect(page.getByRole('table')).toBeVisible();
      await expect(page.getByRole('article').filter({ hasText: events[0].title })).toBeVisible();
      await expect(page.getByText('Loading')).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});

test.describe('served pages hydrate from their data', () => {
  test('home, events, an event and team ask the API nothing to show what the server drew', async ({ page, request }) => {
    const [event] = await upcomingEvents(request);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/graphql') asked.push(String(r.postDataJSON()?.operationName ?? r.url()));
    });
    // Hindi last: ?lang=hi keeps the language for the rest of the visit.
    for (const path of ['/', '/events', `/events/${event.id}`, '/teams', '/events?view=calendar', '/?lang=hi', `/events/${event.id}?lang=hi`]) {
      asked.length = 0;
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.getByText(/^Loading|लोड हो/)).toHaveCount(0);
      // Nothing asks for the page's data again.
      expect(asked, path).toEqual([]);
    }
    expect(problems).toEqual([]);
  });
});
