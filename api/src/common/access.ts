import { ADMIN_CATEGORIES, type UserCategory, type UserStatus } from '../users/user.entity';
import { forbidden, unauthenticated } from './errors';

/** Who may call an operation. Every GraphQL operation and every REST route declares one. */
export type AccessLevel = 'public' | 'user' | 'teacher' | 'admin';

/** The caller, resolved from a verified token whose version still matches the account. */
export interface Viewer {
  id: string;
  email: string;
  name: string;
  category: UserCategory;
  status: UserStatus;
  /** 'admin' tokens come only from the admin sign-in and expire sooner. */
  tokenKind: 'user' | 'admin';
}

export const isAdmin = (viewer: Viewer | null | undefined): boolean =>
  !!viewer && viewer.tokenKind === 'admin' && ADMIN_CATEGORIES.includes(viewer.category);

/** An approved teacher: category primary whose registration an admin approved. */
export const isTeacher = (viewer: Viewer | null | undefined): boolean =>
  !!viewer && viewer.category === 'primary' && (viewer.status === 'approved' || viewer.status === 'active');

/** Throws UNAUTHENTICATED or FORBIDDEN unless the viewer satisfies the level. */
export function assertAccess(level: AccessLevel, viewer: Viewer | null, tokenProblem?: string): void {
  if (level === 'public') return;
  if (!viewer) throw unauthenticated(tokenProblem);
  if (level === 'user') return;
  if (level === 'teacher') {
    if (isTeacher(viewer) || isAdmin(viewer)) return;
    if (viewer.category === 'primary') throw forbidden('Your teacher account is awaiting approval');
    throw forbidden('Only teachers can do this');
  }
  if (level === 'admin' && !isAdmin(viewer)) throw forbidden('Admin access required');
}
