// The report's period in the page's address (?from=&to=&category=), defaulting to this calendar year in India.

export const EVENT_CATEGORIES = ['GENERAL', 'PRIMARY', 'SECONDARY', 'GRADUATE'] as const;
export type ReportCategory = (typeof EVENT_CATEGORIES)[number];

export interface Period {
  from: string;
  to: string;
  category?: ReportCategory;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today's year in India (UTC+05:30), as the API counts. */
export function thisYear(now = new Date()): Period {
  const year = new Date(now.getTime() + 330 * 60_000).getUTCFullYear();
  return { from: `${year}-01-01`, to: `${year}-12-31` };
}

export function periodFromSearch(params: URLSearchParams, now = new Date()): Period {
  const fallback = thisYear(now);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const category = (params.get('category') ?? '').toUpperCase();
  return {
    from: DATE.test(from) ? from : fallback.from,
    to: DATE.test(to) ? to : fallback.to,
    category: (EVENT_CATEGORIES as readonly string[]).includes(category) ? (category as ReportCategory) : undefined,
  };
}

/** The REST query of the CSV and PDF downloads (the API's categories are lower case). */
export function periodQuery(p: Period, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams({ from: p.from, to: p.to, ...(p.category ? { category: p.category.toLowerCase() } : {}), ...extra });
  return q.toString();
}

export const reportFile = (p: Period, ext: string, lang?: string) =>
  `impact-${p.from}-to-${p.to}${p.category ? `-${p.category.toLowerCase()}` : ''}${lang && lang !== 'en' ? `-${lang}` : ''}.${ext}`;
