import { expect, test } from '@playwright/test';
import { admin, pngImage, signIn } from './admin-helpers';

test.describe('admin team members', () => {
  test('adds a member with a photo, edits and deletes them', async ({ page }) => {
    const name = `E2E Member ${Date.now()}`;
    await signIn(page);
    await page.goto(admin('/admin/team'));
    await page.getByRole('button', { name: 'Add Team Member' }).click();
    await page.getByRole('form', { name: 'Add Team Member' }).getByRole('button', { name: 'Add Team Member' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Image is required')).toBeVisible();

    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Designation').fill('Volunteer');
    await page.getByLabel('Description').fill('Teaches mathematics on Saturdays.');
    await page.getByLabel('Photo').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: pngImage(80, 80, [200, 120, 40]) });
    await page.getByLabel('GitHub URL').fill('github.com/someone');
    await page.getByRole('form', { name: 'Add Team Member' }).getByRole('button', { name: 'Add Team Member' }).click();
    await expect(page.getByText('Enter a valid URL (https://…)')).toBeVisible();
    await page.getByLabel('GitHub URL').fill('https://github.com/someone');
    await page.getByRole('form', { name: 'Add Team Member' }).getByRole('button', { name: 'Add Team Member' }).click();
    await expect(page.getByText('Team member added successfully')).toBeVisible();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await expect(card.getByRole('img', { name })).toHaveAttribute('src', /\/uploads\//);
    await expect(card.getByRole('link', { name: `${name} on GitHub` })).toHaveAttribute('href', 'https://github.com/someone');

    await card.getByRole('button', { name: `Edit ${name}` }).click();
    await page.getByLabel('Designation').fill('Mathematics Volunteer');
    await page.getByRole('button', { name: 'Save Team Member' }).click();
    await expect(page.getByText('Team member updated successfully')).toBeVisible();
    await expect(card.getByText('Mathematics Volunteer')).toBeVisible();

    page.once('dialog', (d) => {
      expect(d.message()).toBe('Are you sure you want to delete this team member?');
      void d.accept();
    });
    await card.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(page.getByText('Team member deleted successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name })).toHaveCount(0);
  });
});
