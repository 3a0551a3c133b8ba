import type { Viewer } from '../common/access';
import type { Services } from '../services';
import { createLoaders, type Loaders } from './loaders';

export interface GraphQLContext {
  viewer: Viewer | null;
  /** Why a presented token was not accepted (shown when an operation needs a signed-in user). */
  tokenProblem?: string;
  services: Services;
  loaders: Loaders;
  ip: string;
  requestId: string;
}

export async function buildContext(services: Services, authorization: string | undefined, ip: string, requestId: string): Promise<GraphQLContext> {
  const { viewer, problem } = await services.viewers.fromAuthorizationHeader(authorization);
  return { viewer, tokenProblem: problem, services, loaders: createLoaders(services, viewer), ip, requestId };
}
