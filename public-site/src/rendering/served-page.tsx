import { createContext, useContext } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { useAuthToken } from '@/lib/auth-token';
import type { PageAnswer, PageData } from './page-data';

export type { PageData };

/**
 * The id of the <script type="application/json"> in which the site server sends the data a page was
 * drawn with (entry-server's loadPageData: its route's queries, answered signed out).
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

/**
 * The data the page on screen was drawn with, or null: a page rendered afresh, drawn without data, opened
 * later in the app (another history entry), shown since in another language, or to a reader signed in
 * since (the data is a signed-out reader's).
 */
export function useServedPage(): ServedPage | null {
  const served = useContext(ServedPageContext);
  const location = useLocation();
  const { i18n } = useTranslation();
  const token = useAuthToken();
  return served && !token && location.key === served.key && served.language === i18n.language ? served : null;
}

/** The served answer at `key` (usePageQuery), or undefined. */
export function useServedAnswer(key: string): PageAnswer | undefined {
  const answer = useServedPage()?.data[key];
  return answer && typeof answer === 'object' && ('data' in answer || 'error' in answer) ? (answer as PageAnswer) : undefined;
}

/** The form outcome a page's data carries (handleForm's answer), if any. */
export function servedFormOf(data: PageData | null | undefined): ServedForm | undefined {
  const form = data?.form;
  return form && typeof form === 'object' && 'outcome' in form ? (form as ServedForm) : undefined;
}

/** The outcome of the form `form` the page was drawn with (a form sent before the script ran), or null. */
export function useServedForm(form: string): ServedForm | null {
  const served = useContext(ServedPageContext);
  const { key } = useLocation();
  // Only the history entry the server drew shows it (as for an event page's data).
  const outcome = served ? servedFormOf(served.data) : undefined;
  return outcome?.form === form && served?.key === key ? outcome : null;
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
