import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../../support/mail';
import { STACK } from '../../support/stack-config.cjs';
import { adminToken, screenshots } from './helpers';

test.describe('teacher area', () => {
  test('a teacher registers, waits for approval, is approved, signs in, adds a student and approves them', async ({ page, request }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('teacher');
    const password = 'Teacher-Pass-1';
    const studentEmail = uniqueEmail('student');

    await page.goto('/add-student');
    await expect(page.getByText('Only teachers can add students. Please log in to proceed.')).toBeVisible();
    await screenshots(page, 'add-student-gate');

    await page.getByRole('button', { name: 'Login / Register' }).click();
    let dialog = page.getByRole('dialog', { name: 'Teacher Login' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'New teacher? Register here' }).click();
    dialog = page.getByRole('dialog', { name: 'Teacher Registration' });
    await dialog.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please fill all required fields');
    await dialog.getByLabel('Full name').fill('Sunita Devi E2E');
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    await dialog.getByLabel('Phone').fill('9811112222');
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByLabel('School name').fill('Primary School Jhunsi');
    await dialog.getByLabel('Area').fill('Jhunsi');
    await dialog.getByLabel('District').fill('Prayagraj');
    await screenshots(page, 'teacher-register');
    await dialog.getByRole('button', { name: 'Register', exact: true }).click();

    dialog = page.getByRole('dialog', { name: 'Teacher Login' });
    await expect(dialog.getByText('Registration successful please login for adding students')).toBeVisible();
    await expect(dialog.getByLabel('Email', { exact: true })).toHaveValue(email);
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await screenshots(page, 'teacher-login');
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText(/Your teacher account is awaiting approval/)).toBeVisible();

    // An administrator approves the teacher (the admin portal's own screens are tested elsewhere).
    const admin = await adminToken(request);
    const found = await request.get(`${STACK.apiUrl}/api/users/get-teachers?search=${encodeURIComponent(email)}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    const teacherId = (await found.json()).data.find((u: { email: string }) => u.email === email)._id as string;
    const approved = await request.post(`${STACK.apiUrl}/api/users/update-status`, {
      headers: { authorization: `Bearer ${admin}` },
      data: { studentIds: [teacherId], status: 'approved' },
    });
    expect(approved.ok()).toBeTruthy();

    await page.reload();
    await expect(page.getByText('No students found.')).toBeVisible();

    await page.getByLabel('Student name').fill('Kavya Kumari');
    await page.getByLabel("Father's name").fill('Mohan Lal');
    await page.getByLabel('Email', { exact: true }).fill(studentEmail);
    await page.getByLabel('Phone', { exact: true }).fill('9822223333');
    await page.getByLabel('School name').fill('Primary School Jhunsi');
    await page.getByLabel('Area', { exact: true }).fill('Jhunsi');
    await page.getByLabel('District', { exact: true }).fill('Prayagraj');
    await page.getByRole('button', { name: 'Add Student' }).click();
    await expect(page.getByText('Student added successfully!')).toBeVisible();
    const row = page.getByRole('listitem').filter({ hasText: 'Kavya Kumari' });
    await expect(row.getByText('Pending')).toBeVisible();

    await page.getByRole('button', { name: 'Approve Selected' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please select at least one student to approve or reject.');
    await page.getByRole('checkbox', { name: 'Select Kavya Kumari' }).check();
    await page.getByRole('button', { name: 'Approve Selected' }).click();
    await expect(page.getByText('1 student(s) approved successfully')).toBeVisible();
    await expect(row.getByText('Approved')).toBeVisible();
    await screenshots(page, 'add-student');
  });
});
