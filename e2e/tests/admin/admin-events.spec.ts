import { expect, test } from '@playwright/test';
import { admin, pngImage, signIn } from './admin-helpers';

test.describe('admin event management', () => {
  test('creates an event with an image, edits it, finds it and deletes it', async ({ page }) => {
    await signIn(page);
    await page.goto(admin('/admin/events/new'));
    await page.getByRole('button', { name: 'Create Event' }).click();
    for (const message of ['Title is required', 'Category is required', 'Description is required', 'Date is required', 'Time is required', 'Location is required']) {
      await expect(page.getByText(message)).toBeVisible();
    }

    const title = `E2E Annual Reading Festival ${Date.now()}`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Category').selectOption('PRIMARY');
    await page.getByLabel('Description').fill('Children read aloud, and volunteers run a book swap.');
    await page.getByRole('textbox', { name: 'Date', exact: true }).fill('2031-03-14');
    await page.getByRole('textbox', { name: 'Time', exact: true }).fill('10:30');
    await page.getByLabel('Location').fill('Mission Centre, Kareli, Prayagraj');
    await page.getByLabel('Max participants').fill('0');
    await page.getByLabel('External link').fill('not a url');
    await page.getByRole('button', { name: 'Create Event' }).click();
    await expect(page.getByText('Max participants must be at least 1')).toBeVisible();
    await expect(page.getByText('Enter a valid URL (https://…)')).toBeVisible();
    await page.getByLabel('Max participants').fill('50');
    await page.getByLabel('External link').fill('https://example.org/reading');
    await page.getByLabel('Image').setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: pngImage() });
    await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Event' }).click();

    // The view page: fields, the uploaded image and the (empty) registrations.
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText('Event created')).toBeVisible();
    await expect(page.getByText('Mission Centre, Kareli, Prayagraj')).toBeVisible();
    await expect(page.locator('.event-detail-image')).toHaveAttribute('src', /\/uploads\//);
    await expect(page.getByText('No registrations yet.')).toBeVisible();

    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await page.getByLabel('Speaker').fill('Dr. Meera Srivastava');
    await page.getByRole('button', { name: 'Update Event' }).click();
    await expect(page.getByText('Event updated')).toBeVisible();
    await expect(page.getByText('Dr. Meera Srivastava')).toBeVisible();

    // The list shows the full title (never cut) and finds the event under Upcoming.
    await page.goto(admin('/admin/events?filter=upcoming'));
    await page.getByRole('searchbox', { name: 'Search events by title, speaker or id' }).fill(title);
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row.getByText(title, { exact: true })).toBeVisible();
    // The row's actions stay on one line: Delete does not wrap under View and Edit.
    const tops = await row.locator('.row-actions > *').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(tops).toHaveLength(3);
    expect(new Set(tops).size, `action tops ${tops.join(', ')}`).toBe(1);

    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Are you sure you want to delete this event?');
      void dialog.accept();
    });
    await row.getByRole('button', { name: `Delete ${title}` }).click();
    await expect(page.getByText('No events found matching your criteria')).toBeVisible();
  });
});
