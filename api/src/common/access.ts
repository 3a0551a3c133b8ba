import { ADMIN_CATEGORIES, type UserCategory, type UserStatus } from '../users/user.entity';
import { forbidden, unauthenticated } from './errors';

/** Who may call an operation. Every GraphQL operation and every REST route declares one. */
export type AccessLevel = 'public' | 'user' | 'teacher' | 'admin';

/**
 * What an API key may do (api-keys/): each scope opens the operations that declare it (a REST route's
 * `doc.scope`, a resolver's `@Access(level, scope)`), and nothing else. Public operations stay public.
 */
export const API_SCOPES = ['events:read', 'registrations:read', 'attendance:write', 'certificates:read', 'messages:write'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** The caller, resolved from a verified token whose version still matches the account. */
export interface Viewer {
  id: string;
  email: string;
  name: string;
  category: UserCategory;
  status: UserStatus;
  /** 'admin' tokens come only from the admin sign-in and expire sooner; 'apiKey': an integrator's key (gjk_…). */
  tokenKind: 'user' | 'admin' | 'apiKey';
  /** Set for an API key: the key that acts (audit entries name it) and its scopes. The other fields are its creator's. */
  apiKey?: { id: string; name: string; scopes: ApiScope[] };
}

/**
 * The person whose own fields an answer shows (registered?, waiting place, check-in code, meeting link, answers):
 * the viewer, except that an API key reads as a visitor. Its creator's registrations are not the integrator's,
 * and a key's answer must equal the cached signed-out one whether or not the cache served it.
 */
export const personOf = (viewer: Viewer | null): Viewer | null => (viewer?.apiKey ? null : viewer);

export const isAdmin = (viewer: Viewer | null | undefined): boolean =>
  !!viewer && viewer.tokenKind === 'admin' && ADMIN_CATEGORIES.includes(viewer.category);

/** An approved teacher: category primary whose registration an admin approved. */
export const isTeacher = (viewer: Viewer | null | undefined): boolean =>
  !!viewer && viewer.category === 'primary' && (viewer.status === 'approved' || viewer.status === 'active');

/**
 * Throws UNAUTHENTICATED or FORBIDDEN unless the viewer satisfies the level. An API key passes the
 * operations that declare one of its scopes (public reads of events declare events:read too) and public
 * operations that declare none; every other operation answers FORBIDDEN.
 */
export function assertAccess(level: AccessLevel, viewer: Viewer | null, tokenProblem?: string, scope?: ApiScope): void {
  if (viewer?.apiKey) {
    if (scope ? viewer.apiKey.scopes.includes(scope) : level === 'public') return;
    throw forbidden(scope ? `This API key lacks the ${scope} scope` : 'API keys cannot call this operation');
  }
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
