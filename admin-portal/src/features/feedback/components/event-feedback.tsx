import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { EventFeedbackDocument } from '@/gql/graphql';
import { en } from '@/i18n/en';
import { describeError } from '@/lib/errors';
import { formatDateTime, formatPercent } from '@/lib/format';
import { csvPaths, downloadCsv } from '@/lib/rest';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Loading } from '@/components/ui/loading';
import { Notice, type NoticeValue } from '@/components/ui/notice';
import { FeedbackQuestionsEditor } from './feedback-questions-editor';
import { RatingBars } from './rating-bars';
import './feedback.css';

const t = en.feedback;
const average = (n: number | null | undefined) => (n == null ? t.noAverage : t.outOf5(n.toFixed(1)));

/** The event page's feedback: response rate, averages, how many gave each rating, the comments, the CSV, and the extra questions. */
export function EventFeedback({ eventId }: { eventId: string }) {
  const { data, loading, error, refetch } = useQuery(EventFeedbackDocument, { variables: { eventId }, fetchPolicy: 'cache-and-network' });
  const [exporting, setExporting] = useState(false);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const summary = data?.eventFeedback;

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadCsv(csvPaths.eventFeedback(eventId), `event-${eventId}-feedback.csv`);
    } catch (err) {
      setNotice({ kind: 'error', text: describeError(err, en.errors.downloadFailed) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="card" aria-labelledby="feedback-title">
      <div className="card-header">
        <h3 id="feedback-title" className="card-title">
          {t.title}
        </h3>
        <button type="button" className="btn btn-small btn-secondary" onClick={() => void onExport()} disabled={exporting || !summary?.responses} aria-busy={exporting}>
          {exporting ? en.common.exporting : t.downloadCsv}
        </button>
      </div>
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
      {loading && !summary ? (
        <Loading />
      ) : error && !summary ? (
        <ErrorAlert message={describeError(error, t.loadFailed)} onRetry={() => void refetch()} />
      ) : !summary ? (
        <EmptyState>{t.loadFailed}</EmptyState>
      ) : (
        <>
          <dl className="feedback-figures">
            <div>
              <dt>{t.responseRate}</dt>
              <dd>{formatPercent(summary.responseRate)}</dd>
              <dd className="muted small feedback-figures__note">{t.responses(summary.responses, summary.attendees)}</dd>
            </div>
            <div>
              <dt>
                {t.usefulness} · {t.average}
              </dt>
              <dd>{average(summary.usefulness.average)}</dd>
            </div>
            <div>
              <dt>
                {t.overall} · {t.average}
              </dt>
              <dd>{average(summary.overall.average)}</dd>
            </div>
          </dl>
          {summary.responses === 0 ? (
            <p className="muted">{t.none}</p>
          ) : (
            <div className="feedback-charts">
              <RatingBars id="feedback-usefulness" title={t.usefulness} distribution={summary.usefulness.distribution} />
              <RatingBars id="feedback-overall" title={t.overall} distribution={summary.overall.distribution} />
            </div>
          )}
          <h4 className="section-title">{t.comments}</h4>
          {summary.comments.length ? (
            <ul className="feedback-comments">
              {summary.comments.map((c, i) => (
                <li key={i}>
                  <p lang={c.language}>{c.text}</p>
                  <p className="muted small">
                    {formatDateTime(c.at)} · {t.languageNames[c.language] ?? c.language}
                  </p>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t.noComments}</p>
          )}
          <FeedbackQuestionsEditor key={eventId} eventId={eventId} questions={summary.questions} />
        </>
      )}
    </section>
  );
}
