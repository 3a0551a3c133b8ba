import { boolean, dateTime, idParam, nullable, string, SUCCESS, uuid, viewSchema } from '../openapi/schema';
import { route } from '../rest/route';
import { CATEGORY_SCHEMA } from '../users/user.admin.view';
import type { CheckInOutcome } from './checkin.service';
import { CheckInInput } from './checkin.types';

/** The answer of a check-in or its undoing, as the service returns it. */
export const checkInResultSchema = viewSchema<CheckInOutcome>('CheckInResult', {
  success: SUCCESS,
  message: string('What happened, in words for the door'),
  userId: uuid(),
  name: string(),
  category: CATEGORY_SCHEMA,
  checkedInAt: nullable(dateTime('When the person was checked in (null after an undo)')),
  sessionId: uuid('The session checked in for (or undone)'),
  alreadyCheckedIn: boolean('Check-in: the person was checked in before (never counted twice; the earliest scan stands). Undo: there was a check-in to undo'),
}, { description: 'What the door sees after a check-in (or its undoing)' });

/** The door page: check in by code or person (body `{ code }` or `{ userId }`, optional `scannedAt`), and undo. */
export const checkInRoutes = [
  route('post', '/events/:id/check-in', 'admin', {
    scope: 'attendance:write',
    summary: 'Check a person in at the door',
    description: 'By the code of their QR (`code`) or by person (`userId`), exactly one of the two, for one session (`sessionId`; without it, the session running or next today, else the first). Checking in twice for a session changes nothing. Open from the day of the event until a few days after it.',
    tag: 'Admin: check-in',
    params: { id: idParam('The event') },
    body: CheckInInput,
    response: { description: 'Checked in (or had been already)', schema: checkInResultSchema },
    errors: ['CHECKIN_OTHER_EVENT', 'ATTENDANCE_CLOSED', 'EVENT_CANCELLED'],
  }, async (ctx) => {
    const { code, userId, scannedAt, sessionId } = ctx.body;
    return ctx.services.checkIns.checkIn(ctx.viewer!, ctx.params.id, { code, userId, scannedAt, sessionId });
  }),
  route('delete', '/events/:id/check-in/:userId', 'admin', {
    scope: 'attendance:write',
    summary: 'Undo a check-in',
    description: 'For one session (`?sessionId=`; without it, the session running or next today, else the first).',
    tag: 'Admin: check-in',
    params: { id: idParam('The event'), userId: idParam('The person') },
    query: [{ name: 'sessionId', description: 'The session whose check-in is undone' }],
    response: { description: 'The check-in was undone (or there was none)', schema: checkInResultSchema },
    errors: ['ATTENDANCE_CLOSED', 'EVENT_CANCELLED'],
  }, async (ctx) => {
    const sessionId = (ctx.req.query as Record<string, unknown>).sessionId;
    return ctx.services.checkIns.undoCheckIn(ctx.viewer!, ctx.params.id, ctx.params.userId, typeof sessionId === 'string' && sessionId ? sessionId : undefined);
  }),
];
