import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { STACK } from '../../support/stack-config.cjs';
import { admin, adminGql, signIn } from '../admin/admin-helpers';
import { createUserFrom } from '../accounts/event-helpers';
import { adminToken, gql, signInWithToken } from '../accounts/helpers';

const screenshotDir = path.resolve(STACK.dataDir, '..', 'artifacts', 'screenshots');
let ipCounter = Math.floor(Math.random() * 200);
const nextIp = () => `10.79.${Math.floor(ipCounter / 250) % 250}.${(ipCounter++ % 250) + 1}`;

/** India's date `days` from today, YYYY-MM-DD. */
const indiaDay = (days: number) => new Date(Date.now() + 5.5 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** Ten sessions of a five-day course, two a day (morning and afternoon), from `firstDay` days from today. */
const tenSessions = (firstDay: number, ids: string[] = []) =>
  Array.from({ length: 10 }, (_, i) => ({
    ...(ids[i] ? { id: ids[i] } : {}),
    date: indiaDay(firstDay + Math.floor(i / 2)),
    time: i % 2 ? '14:00' : '10:00',
    endTime: i % 2 ? '16:00' : '12:00',
    title: `Day ${Math.floor(i / 2) + 1}, ${i % 2 ? 'afternoon' : 'morning'}`,
  }));

const EVENT_FIELDS = 'id sessions { id } questions { id }';

async function checkInAt(request: APIRequestContext, eventId: string, userId: string, sessionIds: string[]) {
  for (const sessionId of sessionIds) {
    await adminGql(request, 'mutation($e: ID!, $u: ID!, $s: ID!) { checkIn(eventId: $e, userId: $u, sessionId: $s) { sessionId } }', { e: eventId, u: userId, s: sessionId });
  }
}

test.describe('a programme: a ten-session course with a question set', () => {
  test('created with the "Teacher details" set, registered for in Hindi, checked in per session, certified by the K-of-N rule', async ({ page, request }) => {
    test.setTimeout(180_000);

    // The admin makes the course: ten sessions from next week, a certificate for 8 of 10, the saved set's questions.
    const { questionSets } = await adminGql<{ questionSets: { name: string; questions: Record<string, unknown>[] }[] }>(
      request,
      '{ questionSets { name questions { id type label labelHi help helpHi required options { value label labelHi } } } }',
    );
    const teacherDetails = questionSets.find((s) => s.name === 'Teacher details');
    expect(teacherDetails, 'the demo data has the "Teacher details" question set').toBeTruthy();
    const title = `E2E ten-session course ${Date.now().toString(36)}`;
    const { createEvent } = await adminGql<{ createEvent: { id: string; sessions: { id: string }[]; questions: { id: string }[] } }>(
      request,
      `mutation($input: EventInput!) { createEvent(input: $input) { ${EVENT_FIELDS} } }`,
      {
        input: {
          title,
          titleHi: 'दस सत्रों का पाठ्यक्रम',
          category: 'PRIMARY',
          description: 'A five-day teacher-training course of ten sessions.',
          date: indiaDay(7),
          time: '10:00',
          location: 'DIET, Prayagraj',
          sessions: tenSessions(7),
          certificateMinSessions: 8,
          questions: teacherDetails!.questions.map((q) => ({ ...q, type: String(q.type).toUpperCase() })),
        },
      },
    );
    const eventId = createEvent.id;
    expect(createEvent.sessions).toHaveLength(10);
    expect(createEvent.questions.map((q) => q.id)).toEqual(['school', 'district', 'subjects', 'classes-taught']);

    // The public page and its card say so: ten sessions, listed.
    await page.goto(`/events/${eventId}`);
    await expect(page.getByRole('heading', { name: 'Sessions', exact: true })).toBeVisible();
    await expect(page.getByText('Day 5, afternoon')).toBeVisible();

    // A teacher registers in Hindi and answers the questions in Hindi.
    const teacher = await createUserFrom(request, 'course', nextIp());
    await signInWithToken(page, teacher.token);
    await page.goto(`/events/${eventId}?lang=hi`);
    await page.getByRole('button', { name: 'अभी पंजीकरण करें' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /विद्यालय/ }).fill('राजकीय प्राथमिक विद्यालय, झूंसी');
    await dialog.getByRole('radio', { name: 'प्रयागराज' }).check();
    await dialog.getByRole('checkbox', { name: 'गणित' }).check();
    await dialog.getByRole('checkbox', { name: 'कक्षा 3' }).check();
    await page.screenshot({ path: path.join(screenshotDir, 'programme-register-hi-1280.png'), fullPage: true });
    await dialog.getByRole('button', { name: 'पंजीकरण करें' }).click();
    await expect(dialog).toBeHidden();

    // A second person registers through the API, with the answers integrators send.
    const other = await createUserFrom(request, 'course2', nextIp());
    await gql(
      request,
      'mutation($id: ID!, $a: [AnswerInput!]) { registerForEvent(eventId: $id, answers: $a) { message } }',
      { id: eventId, a: [{ questionId: 'school', value: 'GIC' }, { questionId: 'district', value: 'kaushambi' }, { questionId: 'subjects', values: ['hindi'] }, { questionId: 'classes-taught', values: ['class-5'] }] },
      other.token,
    );

    // The course happens: its sessions move to the last five days (each keeps its id, so attendance stays linked).
    const sessionIds = createEvent.sessions.map((s) => s.id);
    await adminGql(request, 'mutation($id: ID!, $input: EventUpdateInput!) { updateEvent(id: $id, input: $input) { id } }', {
      id: eventId,
      input: { sessions: tenSessions(-5, sessionIds) },
    });

    // The door: the teacher comes to 8 sessions (the last one checked in by name on the check-in page, session picked), the other to 7.
    await checkInAt(request, eventId, teacher.id, sessionIds.slice(0, 7));
    await checkInAt(request, eventId, other.id, sessionIds.slice(0, 7));
    await signIn(page);
    await page.goto(admin(`/admin/events/${eventId}/check-in`));
    const picker = page.getByRole('combobox', { name: 'Session' });
    await picker.selectOption({ index: 7 });
    await page.getByRole('searchbox').fill(teacher.name.slice(0, 12));
    await page.getByRole('button', { name: new RegExp(`Check in ${teacher.name}`) }).click();
    await expect(page.getByTestId('check-in-result')).toContainText('Checked in');
    await page.screenshot({ path: path.join(screenshotDir, 'programme-check-in-session-8-1280.png'), fullPage: true });

    // Certificates by the rule: attended at least 8 of 10. The teacher gets one; the person who came to 7 does not.
    const { issueCertificates } = await adminGql<{ issueCertificates: { issued: number } }>(request, 'mutation($e: ID!) { issueCertificates(eventId: $e) { issued } }', { e: eventId });
    expect(issueCertificates.issued).toBe(1);
    const mine = async (token: string) =>
      (await gql<{ myEvents: { past: { id: string; myCertificate: { code: string } | null; mySessionAttendance: { attended: boolean }[] }[] } }>(request, '{ myEvents { past { id myCertificate { code } mySessionAttendance { attended } } } }', {}, token)).myEvents.past.find((e) => e.id === eventId)!;
    const teachers = await mine(teacher.token);
    expect(teachers.myCertificate?.code).toBeTruthy();
    expect(teachers.mySessionAttendance.filter((a) => a.attended)).toHaveLength(8);
    expect((await mine(other.token)).myCertificate).toBeNull();

    // 'My events' shows the teacher's attendance per session; the registrations CSV has the answers, in words.
    await signInWithToken(page, teacher.token);
    await page.goto('/my-events?lang=en');
    await expect(page.getByText('Attended 8 of 10 sessions')).toBeVisible();
    await page.screenshot({ path: path.join(screenshotDir, 'programme-my-events-1280.png'), fullPage: true });
    const csv = await (await request.get(`${STACK.apiUrl}/api/admin/export/events/${eventId}/registrations.csv`, { headers: { authorization: `Bearer ${await adminToken(request)}` } })).text();
    // Each person's row carries their own answers in words ("Prayagraj" alone could come from a profile or the place).
    const rowOf = (email: string) => csv.split('\n').find((line) => line.includes(email)) ?? '';
    expect(csv.split('\n')[0]).toContain('District (answer)');
    expect(rowOf(teacher.email)).toContain('राजकीय प्राथमिक विद्यालय, झूंसी');
    expect(rowOf(teacher.email)).toContain('Mathematics');
    expect(rowOf(other.email)).toContain('Kaushambi');
  });
});
