import { route } from '../rest/route';

/** The door page: check in by code or person (body `{ code }` or `{ userId }`, optional `scannedAt`), and undo. */
export const checkInRoutes = [
  route('post', '/events/:id/check-in', 'admin', async (ctx) => {
    const { code, userId, scannedAt } = ctx.body;
    return ctx.services.checkIns.checkIn(ctx.viewer!, ctx.params.id, { code, userId, scannedAt });
  }),
  route('delete', '/events/:id/check-in/:userId', 'admin', async (ctx) => ctx.services.checkIns.undoCheckIn(ctx.viewer!, ctx.params.id, ctx.params.userId)),
];
