import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { EventAttendanceDocument } from '@/gql/graphql';
import { en } from '@/i18n/en';
import { describeError } from '@/lib/errors';
import { formatDateTime, formatNumber, formatPercent } from '@/lib/format';
import { csvPaths, downloadCsv } from '@/lib/rest';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Loading } from '@/components/ui/loading';
import type { NoticeValue } from '@/components/ui/notice';
import { categoryOneLabel } from '@/features/users/lib/categories';

const t = en.events;

/** Registered, checked in, the rate, and who came in the order they arrived. */
export function EventAttendance({ eventId, onError }: { eventId: string; onError: (n: NoticeValue) => void }) {
  const { data, loading, error, refetch } = useQuery(EventAttendanceDocument, { variables: { eventId }, fetchPolicy: 'cache-and-network' });
  const [exporting, setExporting] = useState(false);
  const attendance = data?.eventAttendance;

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadCsv(csvPaths.eventAttendance(eventId), `event-${eventId}-attendance.csv`);
    } catch (err) {
      onError({ kind: 'error', text: describeError(err, en.errors.downloadFailed) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="card" aria-labelledby="attendance-title">
      <div className="card-header">
        <h3 id="attendance-title" className="card-title">
          {t.attendanceTitle}
        </h3>
        <button type="button" className="btn btn-small btn-secondary" onClick={() => void onExport()} disabled={exporting} aria-busy={exporting}>
          {exporting ? en.common.exporting : t.downloadAttendance}
        </button>
      </div>
      {loading && !attendance ? (
        <Loading />
      ) : error && !attendance ? (
        <ErrorAlert message={describeError(error, en.errors.loadFailed)} onRetry={() => void refetch()} />
      ) : !attendance ? (
        <EmptyState>{en.errors.loadFailed}</EmptyState>
      ) : (
        <>
          <dl className="detail-list attendance-figures">
            <div className="detail-row">
              <dt>{t.attendanceRegistered}</dt>
              <dd>{formatNumber(attendance.registered)}</dd>
            </div>
            <div className="detail-row">
              <dt>{t.attendanceCheckedIn}</dt>
              <dd>{formatNumber(attendance.checkedIn)}</dd>
            </div>
            <div className="detail-row">
              <dt>{t.attendanceRate}</dt>
              <dd>{formatPercent(attendance.rate)}</dd>
            </div>
          </dl>
          {attendance.attendees.length === 0 ? (
            <EmptyState>{t.attendanceEmpty}</EmptyState>
          ) : (
            <div className="table-wrap">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">{t.attendanceColumns.name}</th>
                    <th scope="col">{t.attendanceColumns.email}</th>
                    <th scope="col">{t.attendanceColumns.category}</th>
                    <th scope="col">{t.attendanceColumns.checkedInAt}</th>
                  </tr>
                </thead>
                <tbody>
                  {attendance.attendees.map((a) => (
                    <tr key={a.userId}>
                      <td data-label={t.attendanceColumns.name} className="strong">
                        {a.name}
                      </td>
                      <td data-label={t.attendanceColumns.email}>{a.email}</td>
                      <td data-label={t.attendanceColumns.category}>{categoryOneLabel(a.category)}</td>
                      <td data-label={t.attendanceColumns.checkedInAt}>{a.checkedInAt ? formatDateTime(a.checkedInAt) : en.common.na}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
