import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useMutation, useQuery } from '@apollo/client/react';
import { AdminEventsDocument, DeleteEventDocument } from '@/gql/graphql';
import { paths } from '@/config/paths';
import { en } from '@/i18n/en';
import { describeError } from '@/lib/errors';
import { formatEventDate, formatEventTime } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useListParams } from '@/lib/use-list-params';
import { hindiStatus } from '@/lib/content-languages';
import { Badge } from '@/components/ui/badge';
import { HindiStatusBadge } from '@/components/ui/hindi-status-badge';
import { ListState } from '@/components/ui/list-state';
import { Notice, type NoticeValue } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { SearchBox } from '@/components/ui/search-box';
import { ToggleFilter } from '@/components/ui/toggle-filter';
import { eventFilters, eventWhenOf, parseEventFilter } from '../lib/event-text';
import './events-page.css';
import { EventTimingBadge } from './event-timing-badge';
import '../events.css';

export const EVENTS_PAGE_SIZE = 20;
const t = en.events;
// The row carries the short fields of each language (the description is left to the form).
const probedFields = ['title', 'location', 'speaker'] as const;

export function EventsPage() {
  useDocumentTitle(t.title);
  const { values, page, set } = useListParams(['filter', 'search', 'missing'] as const);
  const filter = parseEventFilter(values.filter);
  const search = values.search.trim();
  // ?missing=hi: only events not fully written in Hindi.
  const missingHindi = values.missing === 'hi';
  const offset = (page - 1) * EVENTS_PAGE_SIZE;
  const location = useLocation();
  const [notice, setNotice] = useState<NoticeValue | null>((location.state as { notice?: NoticeValue } | null)?.notice ?? null);

  const { data, loading, error, refetch } = useQuery(AdminEventsDocument, {
    variables: {
      // Upcoming first (soonest first), then past events (latest first): ordered and paged by the API.
      filter: { when: eventWhenOf[filter], search: search || undefined, missingLanguage: missingHindi ? 'hi' : undefined, order: 'UPCOMING_FIRST' },
      offset,
      limit: EVENTS_PAGE_SIZE,
    },
    fetchPolicy: 'cache-and-network',
  });
  const [deleteEvent, { loading: deleting }] = useMutation(DeleteEventDocument);

  const onDelete = async (id: string) => {
    if (!window.confirm(t.deleteConfirm)) return;
    setNotice(null);
    try {
      const res = await deleteEvent({ variables: { id } });
      setNotice({ kind: 'success', text: res.data?.deleteEvent.message || t.deleted });
      await refetch();
    } catch (err) {
      setNotice({ kind: 'error', text: describeError(err, t.deleteFailed) });
    }
  };

  const events = data?.events;
  return (
    <div>
      <PageHeader
        title={t.title}
        actions={
          <Link to={paths.eventNew.getHref()} className="btn btn-primary">
            {t.addEvent}
          </Link>
        }
      />
      <div className="toolbar">
        <SearchBox id="events-search" label={t.searchLabel} placeholder={t.searchPlaceholder} value={values.search} onSearch={(v) => set({ search: v })} />
        <div className="segmented" role="group" aria-label={t.filterLabel}>
          {eventFilters.map((f) => (
            <button
              key={f}
              type="button"
              className={`segmented-item${filter === f ? ' active' : ''}`}
              aria-pressed={filter === f}
              onClick={() => set({ filter: f === 'all' ? null : f })}
            >
              {t.filters[f]}
            </button>
          ))}
        </div>
        <ToggleFilter
          label={en.content.missingHindiFilter}
          title={en.content.missingHindiFilterHint}
          pressed={missingHindi}
          onChange={(on) => set({ missing: on ? 'hi' : null })}
        />
      </div>

      <Notice notice={notice} onDismiss={() => setNotice(null)} />

      <ListState data={events} loading={loading} error={error} onRetry={() => void refetch()} empty={t.empty}>
        {(events) => (
          <>
            <p className="muted small list-count">{t.total(events.total)}</p>
            <div className="table-wrap">
            <table className="table events-table">
                <thead>
                  <tr>
                    <th scope="col">{t.columns.title}</th>
                    <th scope="col">{t.columns.date}</th>
                    <th scope="col">{t.columns.location}</th>
                    <th scope="col">{t.columns.category}</th>
                    <th scope="col">{t.columns.registrations}</th>
                    <th scope="col">{t.columns.status}</th>
                    <th scope="col">
                      <span className="visually-hidden">{en.common.actions}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {events.items.map((event) => (
                    <tr key={event.id}>
                    <td data-label={t.columns.title} className="strong event-title-cell">
                        <div className="cell-stack">
                        <span>{event.title}</span>
                          <HindiStatusBadge status={hindiStatus(event, probedFields)} />
                        </div>
                      </td>
                      <td data-label={t.columns.date}>
                        {formatEventDate(event.date)}
                        <span className="muted small"> · {formatEventTime(event.time)}</span>
                      </td>
                      <td data-label={t.columns.location}>{event.location}</td>
                      <td data-label={t.columns.category}>{t.categories[event.category]}</td>
                      <td data-label={t.columns.registrations}>{t.registeredOf(event.registeredCount, event.maxParticipants)}</td>
                      <td data-label={t.columns.status}>
                        {event.cancelled ? <Badge tone="danger">{t.cancelled}</Badge> : <EventTimingBadge timing={event.timing} />}
                      </td>
                      <td className="row-actions">
                        <Link to={paths.eventView.getHref(event.id)} className="btn btn-small btn-secondary" aria-label={t.viewEvent(event.title)}>
                          {en.common.view}
                        </Link>
                        <Link to={paths.eventEdit.getHref(event.id)} className="btn btn-small btn-secondary" aria-label={t.editEvent(event.title)}>
                          {en.common.edit}
                        </Link>
                        <button
                          type="button"
                          className="btn btn-small btn-danger"
                          onClick={() => void onDelete(event.id)}
                          disabled={deleting}
                          aria-label={t.deleteEvent(event.title)}
                        >
                          {en.common.delete}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination offset={offset} limit={EVENTS_PAGE_SIZE} total={events.total} onChange={(o) => set({ page: o / EVENTS_PAGE_SIZE + 1 })} />
          </>
        )}
      </ListState>
    </div>
  );
}

export default EventsPage;
