// The rendering contract's data half: a route declares the queries its page needs (`pageData` in
// app/router.tsx); the site server asks them of the API (entry-server's loadPageData), draws the page
// with their answers (render) and sends the answers along; the browser hydrates the page from them
// (usePageQuery), without asking again. Nothing here loads Apollo: the documents are plain objects.
import type { DocumentNode } from 'graphql';
import type { TypedDocumentNode } from '@apollo/client';
import type { Language } from '@/i18n';

/** One query of a page: its document and variables. */
export interface PageQuery<TData = unknown, TVariables = Record<string, unknown>> {
  query: TypedDocumentNode<TData, TVariables>;
  variables: TVariables;
}

export function pageQuery<TData, TVariables>(query: TypedDocumentNode<TData, TVariables>, variables: TVariables): PageQuery<TData, TVariables> {
  return { query, variables };
}

/** Any page query, its types erased (a route's list). */
export interface AnyPageQuery {
  query: DocumentNode;
  variables: unknown;
}

/** A query's answer as the server got it: its data, or the API's error code (an unknown event: NOT_FOUND). */
export type PageAnswer = { data: unknown } | { error: string };

/**
 * What a page was drawn with: the answers of its queries by pageDataKey, and any other entry the
 * server adds (a form's outcome). Nothing personal: asked signed out.
 */
export type PageData = Record<string, unknown>;

function operationName(query: DocumentNode): string {
  for (const definition of query.definitions) {
    if (definition.kind === 'OperationDefinition') return definition.name?.value ?? 'anonymous';
  }
  return 'anonymous';
}

function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, stable(v)]),
    );
  }
  return value;
}

/** The key of a query's answer in PageData: its operation and variables (key order does not matter). */
export function pageDataKey({ query, variables }: AnyPageQuery): string {
  return `${operationName(query)}:${JSON.stringify(stable(variables ?? {}))}`;
}

/** What a route's page data is derived from: the URL (its params and search), the language, today in India. */
export interface PageRequest {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
  lang: Language;
  /** YYYY-MM-DD in India (the calendar's today). */
  today: string;
}

/** What the link preview of a page shows (the site server writes it into the head). */
export interface PageMeta {
  title: string;
  description?: string;
  image?: string;
  imageSrcSet?: string;
  imageSizes?: string;
  type?: 'website' | 'article';
}

/** Reads the answer of one of the page's queries (undefined when it failed). */
export type ReadAnswer = <TData, TVariables>(query: PageQuery<TData, TVariables>) => TData | undefined;

/** A route's data: the queries of its page, what its link preview shows, the change-feed topics it follows. */
export interface RoutePageData {
  queries(request: PageRequest): AnyPageQuery[];
  /** The API's change-feed topics (api/src/db/change-feed.ts) whose writes change the answers. */
  topics: string[];
  /** The link preview, from the answers; undefined for the route's static one. */
  meta?(read: ReadAnswer, request: PageRequest): PageMeta | undefined;
}
