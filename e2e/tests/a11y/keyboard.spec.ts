import { expect, test, type Locator, type Page } from '@playwright/test';
import { STACK } from '../../support/stack-config.cjs';
import { uniqueEmail } from '../../support/mail';
import { admin, adminGql } from '../admin/admin-helpers';

// Keyboard-only journeys: Tab, Shift+Tab, Enter, Space, Escape and the arrow keys. No clicks, no
// fill(): text is typed into whatever has the focus, so a field that Tab cannot reach fails the test.

/** Presses Tab (or Shift+Tab) until the target has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `not reached with ${max} ${back ? 'Shift+Tab' : 'Tab'} presses`).toBeFocused({ timeout: 1 });
}

/** Presses an arrow key on the focused control until its value matches; fails after `max` presses. */
async function arrowUntil(page: Page, control: Locator, value: string, key: 'ArrowDown' | 'ArrowUp', max = 15) {
  for (let i = 0; i < max && (await control.inputValue()) !== value; i++) await page.keyboard.press(key);
  await expect(control).toHaveValue(value);
}

test.describe('keyboard only', () => {
  test('registration dialog: open from a programme card, fill step 1, reach step 2, Escape closes, focus returns', async ({ page }) => {
    await page.goto('/registration');
    const opener = page.getByRole('button', { name: 'Register for Graduates & Above' });
    await expect(opener).toBeVisible();
    await tabTo(page, opener);
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Register for Graduates & Above' });
    await expect(dialog).toBeVisible();
    const name = dialog.getByLabel('Full name');
    await expect(name).toBeFocused();

    // Focus stays in the dialog: Shift+Tab goes to the close button, then wraps to the last control; Tab wraps back.
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Send OTP' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(name).toBeFocused();

    // Submitting empty (Enter in a field) shows the error and stays on step 1.
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText('Please fill all required fields');

    await page.keyboard.type('Keyboard Walker');
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await page.keyboard.type(uniqueEmail('keyboard'));
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Phone')).toBeFocused();
    await page.keyboard.type('9876512345');
    await page.keyboard.press('Tab');
    const send = dialog.getByRole('button', { name: 'Send OTP' });
    await expect(send).toBeFocused();
    await page.keyboard.press('Space');

    // Step 2: the code field has the focus.
    await expect(dialog.getByText('Step 2 of 2')).toBeVisible();
    await expect(dialog.getByLabel('OTP')).toBeFocused();
    await expect(dialog.getByRole('button', { name: 'Verify OTP' })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test('events calendar: type, month and year selectors, and a day of the all view', async ({ page }) => {
    await page.goto('/events');
    // The page opens on what is coming; the calendar is one key press away.
    const calendarView = page.getByRole('button', { name: 'Month calendar' });
    await tabTo(page, calendarView);
    await page.keyboard.press('Enter');
    await expect(calendarView).toHaveAttribute('aria-pressed', 'true');
    const type = page.getByLabel('Event type');
    const month = page.getByLabel('Month');
    const year = page.getByLabel('Year');
    const now = new Date();
    const thisMonth = String(now.getMonth() + 1);
    const thisYear = String(now.getFullYear());
    await expect(type).toHaveValue('upcoming');

    await tabTo(page, type);
    await arrowUntil(page, type, 'all', 'ArrowDown');
    await expect(page.getByText('Select a day to see only its events.')).toBeVisible();

    // Month: one forward and back; the heading follows.
    await page.keyboard.press('Tab');
    await expect(month).toBeFocused();
    const heading = page.getByRole('heading', { level: 1 });
    const before = await heading.textContent();
    await page.keyboard.press(now.getMonth() === 11 ? 'ArrowUp' : 'ArrowDown');
    await expect(month).not.toHaveValue(thisMonth);
    await expect(heading).not.toHaveText(before ?? '');
    await arrowUntil(page, month, thisMonth, now.getMonth() === 11 ? 'ArrowDown' : 'ArrowUp');
    await expect(heading).toHaveText(before ?? '');

    // Year: to another year and back.
    await page.keyboard.press('Tab');
    await expect(year).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(year).not.toHaveValue(thisYear);
    await expect(heading).toContainText(String(now.getFullYear() - 1));
    await arrowUntil(page, year, thisYear, 'ArrowDown');

    // Today always has a demo event: Tab to its day, Enter selects it, Space clears it.
    const calendar = page.getByRole('table');
    const list = page.getByRole('region', { name: 'Events' });
    const busyDay = calendar.getByRole('button', { name: /: \d+ events?$/ }).first();
    await expect(busyDay).toBeVisible();
    const count = Number(/: (\d+) events?$/.exec((await busyDay.getAttribute('aria-label')) ?? '')?.[1]);
    await tabTo(page, busyDay);
    await page.keyboard.press('Enter');
    await expect(busyDay).toHaveAttribute('aria-pressed', 'true');
    await expect(list.getByRole('article')).toHaveCount(count);
    await page.keyboard.press('Space');
    await expect(busyDay).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByText('Select a day to see only its events.')).toBeVisible();

    // From the day, Shift+Tab goes back to the filters.
    await tabTo(page, year, { back: true });
  });

  test('admin event form: sign in, submit empty, reach the errors, fill and create', async ({ page, request }) => {
    await page.goto(admin('/admin/login'));
    const email = page.getByLabel('Email address');
    await tabTo(page, email);
    await page.keyboard.type(STACK.adminEmail);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password')).toBeFocused();
    await page.keyboard.type(STACK.adminPassword);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'User Trends' })).toBeVisible();

    await page.goto(admin('/admin/events/new'));
    const submit = page.getByRole('button', { name: 'Create Event' });
    await tabTo(page, submit);
    await page.keyboard.press('Enter');
    // The errors are shown and the focus moves to the first field in error.
    for (const message of ['Title is required', 'Category is required', 'Description is required', 'Date is required', 'Time is required', 'Location is required']) {
      await expect(page.getByText(message)).toBeVisible();
    }
    const title = page.getByLabel('Title');
    await expect(title).toBeFocused();
    await expect(title).toHaveAttribute('aria-invalid', 'true');

    const eventTitle = `Keyboard Event ${Date.now()}`;
    await page.keyboard.type(eventTitle);
    // The English tab's text fields come first, then the fields shared by every language.
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Description')).toBeFocused();
    await page.keyboard.type('Typed without a mouse.');
    await page.keyboard.press('Tab');
    const location = page.getByLabel('Location');
    await expect(location).toBeFocused();
    await page.keyboard.type('Mission Centre, Kareli, Prayagraj');
    // The Hindi tab: back to the tab list, ArrowRight selects Hindi, Tab enters its first field.
    await tabTo(page, page.getByRole('tab', { name: /^English/ }), { back: true });
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: /^Hindi/ })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Title (Hindi)')).toBeFocused();
    await page.keyboard.type('कीबोर्ड कार्यक्रम');
    const category = page.getByLabel('Category');
    await tabTo(page, category);
    await page.keyboard.press('ArrowDown');
    await expect(category).not.toHaveValue('');
    const date = page.getByRole('textbox', { name: 'Date', exact: true });
    await tabTo(page, date);
    await page.keyboard.type('03142031');
    await expect(date).toHaveValue('2031-03-14');
    await tabTo(page, page.getByRole('textbox', { name: 'Time', exact: true }));
    await page.keyboard.type('1030AM');
    await expect(page.getByRole('textbox', { name: 'Time', exact: true })).toHaveValue('10:30');
    await tabTo(page, page.getByLabel('Max participants'), { back: true });
    await page.keyboard.type('0');
    // Enter in a field submits: the remaining error is announced and focused.
    await page.keyboard.press('Enter');
    await expect(page.getByText('Max participants must be at least 1')).toBeVisible();
    await expect(page.getByLabel('Max participants')).toBeFocused();
    await page.keyboard.press('Backspace');
    await page.keyboard.type('25');
    await tabTo(page, submit);
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: eventTitle })).toBeVisible();
    await expect(page.getByText('Event created')).toBeVisible();
    const id = /\/admin\/events\/view\/([^/?#]+)/.exec(page.url())?.[1];
    expect(id).toBeTruthy();
    await adminGql(request, 'mutation($id: ID!) { deleteEvent(id: $id) { success } }', { id });
  });
});
