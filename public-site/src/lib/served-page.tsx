import { createContext, useContext } from 'react';
import { useLocation } from 'react-router-dom';
import type { EventQuery } from '@/gql/graphql';

/**
 * The id of the <script type="application/json"> in which scripts/serve-site.mjs sends the data a page
 * was rendered with (an event page: its event, as the page's own query answers it signed out).
 */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/**
 * What a form sent before (or without) the page's script left the page at, as the site server's
 * handleForm answered it (entry-server.tsx): the page is drawn from it, and the client hydrating that
 * page continues from there. The reader's own, sent to them only, never cached; never a password or a code.
 */
export interface ServedForm {
  /** The route's form action (the route table's `form`). */
  form: string;
  /** 'sent': the code went out, the page is at its code step; 'invalid': field errors; 'failed': the API refused. */
  outcome: 'sent' | 'invalid' | 'failed';
  /** What was typed (trimmed), except passwords. */
  values: Record<string, string>;
  /** Field name → catalogue key of its error. */
  fieldErrors?: Record<string, string>;
  /** The API's refusal: its code, its (English) message, how long until another code may be asked for. */
  error?: { code?: string; message?: string; retryAfterSeconds?: number };
  /** When the code was sent (epoch ms): the Resend OTP countdown runs from it. */
  sentAt?: number;
  /** The account the API answered with (login: what the code is checked against). */
  userId?: string;
}

/** What the server rendered a page with: the answers of the page's queries (nothing personal), or a form's outcome. */
export interface PageData {
  event?: EventQuery['event'];
  form?: ServedForm;
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

/** The outcome of the form `form` the page was drawn with (a form sent before the script ran), or null. */
export function useServedForm(form: string): ServedForm | null {
  const served = useContext(ServedPageContext);
  const { key } = useLocation();
  // Only the history entry the server drew shows it (as for an event page's data).
  return served?.data.form?.form === form && served.key === key ? served.data.form : null;
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
