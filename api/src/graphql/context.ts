import type { ViewerResult } from '../auth/viewer.service';
import type { Viewer } from '../common/access';
import type { Language } from '../i18n/languages';
import type { Services } from '../services';
import { createLoaders, type Loaders } from './loaders';

export interface GraphQLContext {
  viewer: Viewer | null;
  /** Why a presented token was not accepted (shown when an operation needs a signed-in user). */
  tokenProblem?: string;
  /** An API key (gjk_…) was presented and refused (unknown, revoked, expired): every operation answers UNAUTHENTICATED. */
  apiKeyRejected?: boolean;
  services: Services;
  loaders: Loaders;
  ip: string;
  requestId: string;
  /** The request's language (`?lang=` or Accept-Language, else English): content fields answer in it. */
  lang: Language;
}

/** `caller`: the request's (ViewerService.forRequest), or a signed-out one for a shared read. */
export async function buildContext(services: Services, caller: Promise<ViewerResult> | ViewerResult, ip: string, requestId: string, lang: Language): Promise<GraphQLContext> {
  const { viewer, problem, apiKeyRejected } = await caller;
  return { viewer, tokenProblem: problem, apiKeyRejected, services, loaders: createLoaders(services, viewer), ip, requestId, lang };
}
