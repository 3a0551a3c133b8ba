import { expect, test } from '@playwright/test';
import { STACK } from '../../support/stack-config.cjs';
import { createUserWithoutCode } from '../accounts/helpers';
import { openEvents } from './public-events';

// The public site with JavaScript off: what a reader sees and what every press does comes from the
// site server alone (links and GET forms). Register Now leads to the login, the events page's view switch
// and filters draw the view and month chosen.

const monthYear = (date: string) => {
  const [year, month] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, 1)).toLocaleDateString('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });
};

test.describe('the public site with JavaScript off', () => {
  test('home lists events; an event shows its title, date, place and description, and Register Now leads to the login and back', async ({ browser, request }) => {
    const [event] = await openEvents(request);
    expect(event, 'the demo data has an event open for registration').toBeTruthy();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    let loginUrl: string;
    try {
      await page.goto('/');
      const upcoming = page.getByRole('region', { name: 'Upcoming Events' });
      await expect(upcoming.getByRole('article').first()).toBeVisible();
      await page.goto(`/events/${event.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(event.title);
      const [year, month, day] = event.date.split('-').map(Number);
      const longDate = new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
      const main = page.locator('main');
      await expect(main).toContainText(longDate);
      await expect(main).toContainText(event.location);
      await expect(main).toContainText(event.description.slice(0, 60));

      // Register Now, without script: the login, carrying the way back to the registration.
      await page.getByRole('button', { name: 'Register Now' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
      const url = new URL(page.url());
      expect(url.pathname).toBe('/login');
      expect(url.searchParams.get('from')).toBe(`/events/${event.id}#register`);
      loginUrl = page.url();
    } finally {
      await context.close();
    }

    // Signing in needs the script (the sign-in is kept in the browser): with it, the same address signs
    // in and comes back to the event, Register Now one tap away.
    const account = await createUserWithoutCode(request, 'noscript-back');
    const live = await browser.newPage();
    try {
      await live.goto(loginUrl);
      await live.getByRole('button', { name: 'Sign in with password instead' }).click();
      await live.getByLabel('Email').fill(account.email);
      await live.getByLabel('Password').fill(account.password);
      await live.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(live).toHaveURL(new RegExp(`/events/${event.id}#register$`));
      await expect(live.getByText('You are signed in. One more tap to register for this event:')).toBeVisible();
      await expect(live.getByRole('button', { name: 'Register Now' })).toBeFocused();
    } finally {
      await live.close();
    }
  });

  test('an address to come back to that leaves the site is not followed after signing in', async ({ page, request }) => {
    const account = await createUserWithoutCode(request, 'noscript-evil');
    await page.goto(`/login?from=${encodeURIComponent('//evil.example/x')}`);
    await page.getByRole('button', { name: 'Sign in with password instead' }).click();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(`${STACK.publicUrl}/`);
  });

  test('the events page shows what is coming by month; its view switch and filters draw the month chosen', async ({ browser, request }) => {
    const events = await openEvents(request);
    // The last event to come that the Year select offers (this year and the next two): other journeys make
    // events further ahead, which no filter can choose.
    const lastYear = new Date().getFullYear() + 2;
    const later = events.filter((e) => Number(e.date.slice(0, 4)) <= lastYear).at(-1)!;
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto('/events');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Coming up');
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(monthYear(events[0].date)) })).toBeVisible();

      // The view switch: the server draws this month's calendar.
      await page.getByRole('button', { name: 'Month calendar' }).click();
      await expect(page.getByRole('button', { name: 'Month calendar' })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('table')).toBeVisible();

      // The filters: All events in the month of the last event to come, sent with Show.
      const [year, month] = later.date.split('-').map(Number);
      const filters = page.getByRole('form', { name: 'Filters' });
      await filters.getByRole('combobox', { name: 'Event type' }).selectOption('all');
      await filters.getByRole('combobox', { name: 'Month', exact: true }).selectOption(String(month));
      await filters.getByRole('combobox', { name: 'Year', exact: true }).selectOption(String(year));
      await filters.getByRole('button', { name: 'Show' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(monthYear(later.date));
      await expect(filters.getByRole('combobox', { name: 'Event type' })).toHaveValue('all');
      await expect(page.getByRole('article').filter({ hasText: later.title }).first()).toBeVisible();
      // The All view's hint: the type was applied too.
      await expect(page.getByText('Select a day to see only its events.')).toBeVisible();

      // And back to what is coming.
      await page.getByRole('button', { name: 'Coming up' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Coming up');
    } finally {
      await context.close();
    }
  });
});
