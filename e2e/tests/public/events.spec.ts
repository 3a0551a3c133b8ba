import { expect, test, type Page } from '@playwright/test';
import { STACK } from '../../support/stack-config.cjs';

/** The events page opens on what is coming; the month calendar is one tap away. */
async function openCalendar(page: Page) {
  await page.goto('/events');
  await page.getByRole('button', { name: 'Month calendar' }).click();
  await expect(page.getByRole('button', { name: 'Month calendar' })).toHaveAttribute('aria-pressed', 'true');
}

test.describe('events page @mobile', () => {
  test('opens on every event to come, across months, with the calendar one tap away', async ({ page, request }) => {
    // The API's UPCOMING is by date; the page leaves out what ended earlier today (other journeys leave such events).
    const answer = await request.post(`${STACK.apiUrl}/graphql`, { data: { query: '{ events(filter: { when: UPCOMING }, limit: 100) { items { date hasEnded } } }' } });
    const items = ((await answer.json()).data.events.items as Array<{ date: string; hasEnded: boolean }>).filter((e) => !e.hasEnded);
    const total = items.length;
    const months = new Set(items.map((e) => e.date.slice(0, 7)));
    expect(months.size).toBeGreaterThan(1); // the demo data has events in several months to come

    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Coming up');
    await expect(page.getByText(`${total} events coming up`)).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(total);
    await expect(page.locator('main').getByRole('heading', { level: 2 })).toHaveCount(months.size);
    for (const badge of await page.locator('.event-card .badge').all()) await expect(badge).toHaveText(/^(Upcoming|Happening now)$/);

    await page.getByRole('button', { name: 'Month calendar' }).click();
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByLabel('Event type')).toHaveValue('upcoming');
    await page.getByRole('button', { name: 'Coming up' }).click();
    await expect(page.getByRole('article')).toHaveCount(total);
  });
});

test.describe('events calendar @mobile', () => {
  test('filters by type, month and year and narrows to a day in the all view', async ({ page }) => {
    await openCalendar(page);
    await expect(page).toHaveTitle(/Events Calendar/);
    const type = page.getByLabel('Event type');
    await expect(type).toHaveValue('upcoming');

    const now = new Date();
    await expect(page.getByLabel('Year')).toHaveValue(String(now.getFullYear()));
    await expect(page.getByLabel('Year').locator('option')).toHaveCount(5);
    const calendar = page.getByRole('table');
    await expect(calendar.getByRole('columnheader')).toHaveCount(7);

    // Every event card of the upcoming view carries the Upcoming badge.
    const list = page.getByRole('region', { name: 'Events' });
    await expect(list.getByText(/Loading events/)).toHaveCount(0);
    for (const badge of await list.locator('.badge').all()) await expect(badge).toHaveText(/^(Upcoming|Happening now)$/);

    await type.selectOption('all');
    await expect(page.getByText('Select a day to see only its events.')).toBeVisible();
    const busyDay = calendar.getByRole('button', { name: /: \d+ events?$/ }).first();
    if ((await busyDay.count()) > 0) {
      const label = (await busyDay.getAttribute('aria-label')) ?? '';
      const count = Number(/: (\d+) events?$/.exec(label)?.[1]);
      await busyDay.click();
      await expect(busyDay).toHaveAttribute('aria-pressed', 'true');
      await expect(list.getByRole('article')).toHaveCount(count);
      await busyDay.click();
      await expect(page.getByText('Select a day to see only its events.')).toBeVisible();
    }

    // A year with no events shows the empty state.
    await page.getByLabel('Year').selectOption(String(now.getFullYear() - 2));
    await page.getByLabel('Month').selectOption('1');
    await expect(page.getByText('No events found')).toBeVisible();
    await expect(page.getByText('Try different filters or check back later.')).toBeVisible();
  });

  test('an event card opens the detail page, which has a back link', async ({ page }) => {
    await openCalendar(page);
    await page.getByLabel('Event type').selectOption('all');
    // The list re-asks the API for the new filter, so the first card can change under the test: take one
    // card by its link and read and click that same card (every event it lists is in the 'all' list too).
    await expect(page).toHaveURL(/type=all/);
    const href = (await page.getByRole('article').first().getByRole('link', { name: /learn more/i }).getAttribute('href')) ?? '';
    const card = page.getByRole('article').filter({ has: page.locator(`a[href="${href}"]`) }).first();
    const title = (await card.getByRole('heading').textContent())?.trim() ?? '';
    await card.getByRole('link', { name: /learn more/i }).click();
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expect(page.getByText('Location', { exact: true })).toBeVisible();
    await expect(page.getByText('null')).toHaveCount(0);
    await page.getByRole('link', { name: 'Back' }).click();
    // The calendar keeps its view and filters in the URL: back is where the reader was.
    await expect(page).toHaveURL(/\/events\?view=calendar&type=all$/);
    await expect(page.getByLabel('Event type')).toHaveValue('all');
  });

  test('a past event says it has already occurred; an unknown id says not found', async ({ page }) => {
    await openCalendar(page);
    await page.getByLabel('Event type').selectOption('past');
    await page.getByLabel('Month').selectOption(String(new Date().getMonth() + 1));
    const pastCard = page.getByRole('article').first();
    if ((await pastCard.count()) > 0) {
      await pastCard.getByRole('link', { name: /learn more/i }).click();
      await expect(page.getByText('This event has already occurred.')).toBeVisible();
    }
    await page.goto('/events/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('alert')).toHaveText('Event not found');
  });
});
