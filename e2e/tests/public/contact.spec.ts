import { expect, test } from '@playwright/test';

test.describe('contact page @mobile', () => {
  test('checks the fields, then sends a message and shows the success banner', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expect(page.getByText('Monday-Friday: 9:00 AM - 6:00 PM')).toBeVisible();

    await page.getByLabel('Phone', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please enter a valid 10-digit phone number')).toBeVisible();
    await expect(page.getByText('Please enter your name')).toBeVisible();

    await page.getByLabel('Name', { exact: true }).fill('Asha Verma');
    await page.getByLabel('Email', { exact: true }).fill('asha.e2e@example.org');
    await page.getByLabel('Phone', { exact: true }).fill('9876543210');
    await page.getByLabel('Subject', { exact: true }).fill('Volunteering on weekends');
    await page.getByLabel('Message', { exact: true }).fill('I would like to teach English to primary students on Sundays.');
    await page.getByRole('button', { name: 'Send Message' }).click();

    const banner = page.getByText('Thank you! Your message has been sent successfully.');
    await expect(banner).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');
    await expect(banner).toBeHidden({ timeout: 5_000 });
  });
});
