import type { ReactNode } from 'react';
import { en } from '@/i18n/en';

/** The event page's rows for its meeting link and its series (only when it has them). */
export function onlineAndSeriesRows(event: { meetingLink?: string | null; seriesId?: string | null }): [string, ReactNode][] {
  const rows: [string, ReactNode][] = [];
  if (event.meetingLink) {
    rows.push([
      en.online.meetingLink,
      <a key="link" href={event.meetingLink} target="_blank" rel="noopener noreferrer">
        {event.meetingLink}
      </a>,
    ]);
  }
  if (event.seriesId) rows.push([en.series.inSeries, en.common.yes]);
  return rows;
}
