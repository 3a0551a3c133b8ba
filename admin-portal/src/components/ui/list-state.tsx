import type { ReactNode } from 'react';
import { en } from '@/i18n/en';
import { describeError } from '@/lib/errors';
import { EmptyState } from './empty-state';
import { ErrorAlert } from './error-alert';
import { Loading } from './loading';

/** A list, or a page of one. */
type List = readonly unknown[] | { readonly items: readonly unknown[] };

/**
 * The one loading / error / empty / list sequence of the admin's lists. Until the first answer it shows
 * the spinner; a failure with nothing loaded shows the error with a retry; an empty list shows `empty`;
 * otherwise `children(data)`. What is already loaded stays on screen while a refetch runs or fails.
 */
export function ListState<D extends List>({
  data,
  loading,
  error,
  errorMessage,
  onRetry,
  empty,
  children,
}: {
  /** The loaded list or page (its `items`); undefined until the first answer. */
  data: D | null | undefined;
  loading: boolean;
  error?: unknown;
  /** What the error says; by default the server's message, or "Could not load this data." */
  errorMessage?: string;
  onRetry: () => void;
  empty: ReactNode;
  children: (data: D) => ReactNode;
}) {
  if (loading && !data) return <Loading />;
  if (error && !data) return <ErrorAlert message={errorMessage ?? describeError(error, en.errors.loadFailed)} onRetry={onRetry} />;
  if (!data || (Array.isArray(data) ? data : (data as { items: readonly unknown[] }).items).length === 0) return <EmptyState>{empty}</EmptyState>;
  return <>{children(data)}</>;
}
