import { createContext, useContext } from 'react';
import type { EventQuery } from '@/gql/graphql';

/**
 * The id of the <script type="application/json"> in which scripts/serve-site.mjs sends the data a page
 * was rendered with (an event page: its event, as the page's own query answers it signed out).
 */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/** What the server rendered a page with: the answers of the page's queries, nothing personal. */
export interface PageData {
  event?: EventQuery['event'];
}

/** A page as the server drew it: its data, in the language it was drawn in. */
export interface ServedPage {
  language: string;
  data: PageData;
  /**
   * The router's key of the history entry the server drew ('default': the first of a visit; a reload
   * keeps the entry's own). Only that entry shows the served data; a page opened in the app asks the API.
   */
  key: string;
}

/** The router's key of the entry the document was loaded at (as BrowserRouter reads it). */
export function loadedEntryKey(): string {
  const state: unknown = window.history.state;
  const key = state && typeof state === 'object' && 'key' in state ? state.key : undefined;
  return typeof key === 'string' && key ? key : 'default';
}

const ServedPageContext = createContext<ServedPage | null>(null);

/** Given by the server renderer (entry-server) and, for the page it drew, by the browser that hydrates it (main.tsx). */
export const ServedPageProvider = ServedPageContext.Provider;

/** The data the page being hydrated was drawn with, or null (a page rendered afresh, or drawn without data). */
export function useServedPage(): ServedPage | null {
  return useContext(ServedPageContext);
}

/**
 * Takes the served data out of the document (the element is removed in any case). Null when there is
 * none, or when it cannot be read: never a reason not to start, the page then fetches its data.
 */
export function takeServedPageData(doc: Document = document): PageData | null {
  const element = doc.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  try {
    const data: unknown = JSON.parse(element.textContent ?? '');
    return data && typeof data === 'object' ? (data as PageData) : null;
  } catch (error) {
    console.warn('the page\u2019s data could not be read; fetching it again', error);
    return null;
  }
}
