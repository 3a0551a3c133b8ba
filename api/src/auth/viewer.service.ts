import type { IncomingMessage } from 'node:http';
import type { DataSource } from 'typeorm';
import type { Viewer } from '../common/access';
import { KeyedFreshCoalescer } from '../common/fresh-coalescer';
import { ADMIN_CATEGORIES, type UserCategory, type UserStatus } from '../users/user.entity';
import type { TokenService } from './token.service';
import { API_KEY_PREFIX, type ApiKeyService } from '../api-keys/api-key.service';

/** apiKeyRejected: an API key was presented and refused (unknown, revoked, expired): 401 on every operation. */
export type ViewerResult = { viewer: Viewer | null; problem?: string; apiKeyRejected?: boolean };

/** A request whose key the public cache's key gate already checked carries the outcome (api-keys/keyed-reads.ts). */
const CHECKED = Symbol('viewerChecked');
type CheckedRequest = IncomingMessage & { [CHECKED]?: ViewerResult };

interface ViewerRow {
  id: string;
  email: string;
  name: string;
  category: UserCategory;
  status: UserStatus;
  token_version: number;
}

/** Turns an Authorization header into the current user, checking the token version on every request. */
export class ViewerService {
  constructor(private readonly dataSource: DataSource, private readonly tokens: TokenService, private readonly apiKeys: ApiKeyService) {}

  /** Parallel requests of one user share one fresh lookup (never one that started before they arrived). */
  private readonly lookups = new KeyedFreshCoalescer<ViewerRow | undefined>();

  /** Every request runs this: one fixed statement, no query building. */
  private async load(id: string): Promise<ViewerRow | undefined> {
    const rows: ViewerRow[] = await this.dataSource.query('SELECT id, email, name, category, status, token_version FROM users WHERE id = $1', [id]);
    return rows[0];
  }

  /**
   * The request's caller: what the key gate settled for it when it ran (so a key is checked, and counted
   * against its rate limit, once a request), else its Authorization header's.
   */
  forRequest(req: IncomingMessage): Promise<ViewerResult> {
    const checked = (req as CheckedRequest)[CHECKED];
    return checked ? Promise.resolve(checked) : this.fromAuthorizationHeader(req.headers.authorization);
  }

  /** Settles the request's caller (forRequest answers this from now on). */
  settle(req: IncomingMessage, result: ViewerResult): void {
    (req as CheckedRequest)[CHECKED] = result;
  }

  async fromAuthorizationHeader(header: string | undefined): Promise<ViewerResult> {
    if (!header) return { viewer: null };
    const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
    if (!match || match[1] === 'null' || match[1] === 'undefined') return { viewer: null, problem: 'Invalid or expired session. Please sign in again.' };
    return this.fromToken(match[1]);
  }

  async fromToken(token: string): Promise<ViewerResult> {
    if (token.startsWith(API_KEY_PREFIX)) {
      const check = await this.apiKeys.authenticate(token);
      return 'viewer' in check ? { viewer: check.viewer } : { viewer: null, problem: check.problem, apiKeyRejected: true };
    }
    const invalid = { viewer: null, problem: 'Invalid or expired session. Please sign in again.' };
    const claims = this.tokens.verify(token);
    if (!claims || !/^[0-9a-f-]{36}$/i.test(claims.sub)) return invalid;
    const user = await this.lookups.run(claims.sub.toLowerCase(), () => this.load(claims.sub));
    if (!user || user.token_version !== claims.ver || user.status === 'rejected') return invalid;
    if (claims.kind === 'admin' && !ADMIN_CATEGORIES.includes(user.category)) return invalid;
    return {
      viewer: { id: user.id, email: user.email, name: user.name, category: user.category, status: user.status, tokenKind: claims.kind },
    };
  }
}
