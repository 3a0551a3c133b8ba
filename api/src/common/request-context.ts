import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line written while handling one HTTP request carries (see http/observe.ts). */
export interface RequestContext {
  readonly requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs fn, and everything it starts or awaits, as part of this request. */
export function runInRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** The id of the request being handled, or undefined outside one (start-up, background jobs). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
