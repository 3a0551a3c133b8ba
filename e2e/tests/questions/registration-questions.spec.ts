import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { STACK } from '../../support/stack-config.cjs';
import { admin, adminGql, signIn } from '../admin/admin-helpers';
import { createUser, signInWithToken } from '../accounts/helpers';

const screenshotDir = path.resolve(STACK.dataDir, '..', 'artifacts', 'screenshots');

async function shots(page: Page, name: string) {
  for (const [width, height] of [
    [390, 844],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(screenshotDir, `questions-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const QUESTIONS = [
  { type: 'TEXT', label: 'School', labelHi: 'विद्यालय', help: 'The full name of the school where you teach', helpHi: 'जिस विद्यालय में आप पढ़ाते हैं, उसका पूरा नाम', required: true },
  { type: 'SINGLE_CHOICE', label: 'District', labelHi: 'ज़िला', required: true, options: [{ value: 'prayagraj', label: 'Prayagraj', labelHi: 'प्रयागराज' }, { value: 'kaushambi', label: 'Kaushambi', labelHi: 'कौशाम्बी' }] },
  { type: 'MULTIPLE_CHOICE', label: 'Classes taught', labelHi: 'पढ़ाई जाने वाली कक्षाएँ', required: false, options: [{ value: 'class-1', label: 'Class 1', labelHi: 'कक्षा 1' }, { value: 'class-2', label: 'Class 2', labelHi: 'कक्षा 2' }] },
];

test('registration questions: the admin editor, the Hindi dialog with field errors, the answers on the registrations page', async ({ page, request }) => {
  const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const title = `E2E Questions workshop ${Date.now()}`;
  const { createEvent } = await adminGql<{ createEvent: { id: string } }>(
    request,
    'mutation($input: EventInput!) { createEvent(input: $input) { id } }',
    { input: { title, titleHi: 'प्रश्न कार्यशाला', category: 'PRIMARY', description: 'A workshop for teachers.', date, time: '10:00', location: 'Prayagraj', questions: QUESTIONS } },
  );

  // The admin's editor, on the edit page (English and Hindi tabs).
  await signIn(page);
  await page.goto(admin(`/admin/events/edit/${createEvent.id}`));
  await expect(page.getByRole('heading', { name: 'Registration questions' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Question/ }).first()).toHaveValue('School');
  await shots(page, 'admin-editor');

  // A teacher registers in Hindi: the dialog asks, the server's refusal shows at the field.
  const teacher = await createUser(request, 'questions');
  await signInWithToken(page, teacher.token);
  await page.goto(`/events/${createEvent.id}?lang=hi`);
  await page.getByRole('button', { name: 'अभी पंजीकरण करें' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('textbox', { name: /विद्यालय/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'पंजीकरण करें' }).click();
  await expect(dialog.getByText('कृपया इस प्रश्न का उत्तर दें।').first()).toBeVisible();
  await shots(page, 'dialog-hi-errors');
  await dialog.getByRole('textbox', { name: /विद्यालय/ }).fill('राजकीय प्राथमिक विद्यालय');
  await dialog.getByRole('radio', { name: 'प्रयागराज' }).check();
  await dialog.getByRole('checkbox', { name: 'कक्षा 2' }).check();
  await dialog.getByRole('button', { name: 'पंजीकरण करें' }).click();
  await expect(dialog).toBeHidden();

  // The admin sees the answer on the registrations page.
  await page.goto(admin(`/admin/events/view/${createEvent.id}`));
  const answers = page.getByRole('region', { name: 'Answers' });
  await expect(answers.getByText('राजकीय प्राथमिक विद्यालय')).toBeVisible();
  await expect(answers.getByText('Prayagraj')).toBeVisible();
  await shots(page, 'admin-answers');
});
