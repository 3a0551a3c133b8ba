import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQuery } from '@apollo/client/react';
import { BackgroundJobsDocument, RetryBackgroundJobDocument, type BackgroundJobsQuery } from '@/gql/graphql';
import { paths } from '@/config/paths';
import { en } from '@/i18n/en';
import { describeError } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { ListState } from '@/components/ui/list-state';
import { Notice, type NoticeValue } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import '../jobs.css';

const t = en.jobs;
const c = t.columns;

type Job = BackgroundJobsQuery['backgroundJobs'][number];
export type JobSectionName = keyof typeof t.sections;

/** pg-boss states read by each section of the page (each section asks for its own, so finished jobs never crowd out failed ones). */
export const JOB_SECTIONS: Record<JobSectionName, { states: string[]; limit: number }> = {
  queued: { states: ['created', 'retry', 'active'], limit: 50 },
  failed: { states: ['failed'], limit: 50 },
  completed: { states: ['completed'], limit: 25 },
};

const stateTones: Record<string, BadgeTone> = { created: 'info', retry: 'warning', active: 'info', completed: 'success', failed: 'danger', cancelled: 'neutral' };

/** The first characters of a job id: enough to tell jobs apart on screen. */
export const shortJobId = (id: string) => id.slice(0, 8);

function When({ iso }: { iso: string | null | undefined }) {
  if (!iso) return <span className="muted">{t.none}</span>;
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}

/**
 * What a job is about: its event's title (a link to the event) and, for a mail, what kind it is and whom it
 * is for (the API masks the address: a•••@example.org); a job about neither shows its key, if any.
 */
export function JobAbout({ job }: { job: Pick<Job, 'name' | 'key' | 'eventId' | 'eventTitle' | 'recipient' | 'mailKind'> }) {
  const who = job.recipient
    ? job.name === 'mail'
      ? t.mailTo(t.mailKinds[job.mailKind ?? ''] ?? t.mailKindFallback, job.recipient)
      : t.offerFor(job.recipient)
    : null;
  if (!job.eventTitle && !who) {
    return job.key ? <span className="muted small job-key">{t.keyLabel(job.key)}</span> : <span className="muted">{t.none}</span>;
  }
  return (
    <div className="job-about">
      {job.eventTitle &&
        (job.eventId ? (
          <Link to={paths.eventView.getHref(job.eventId)} className="strong-link">
            {job.eventTitle}
          </Link>
        ) : (
          <span className="strong">{job.eventTitle}</span>
        ))}
      {who && <div className="muted small">{who}</div>}
    </div>
  );
}

/** The error's first line; the rest (a stack trace) folds away behind 'Show the full error'. */
function JobError({ text }: { text: string }) {
  const [first, ...rest] = text.trim().split('\n');
  return (
    <div className="job-error">
      <p className="job-error-message">{first}</p>
      {rest.length > 0 && (
        <details>
          <summary>{t.fullError}</summary>
          <pre>{rest.join('\n')}</pre>
        </details>
      )}
    </div>
  );
}

interface TableProps {
  section: JobSectionName;
  jobs: readonly Job[];
  retryingId: string | null;
  onRetry?: (job: Job) => void;
}

function JobsTable({ section, jobs, retryingId, onRetry }: TableProps) {
  const showError = jobs.some((j) => !!j.error);
  const showRunAfter = section === 'queued';
  return (
    <div className="table-wrap">
      <table className="table jobs-table">
        <thead>
          <tr>
            <th scope="col">{c.job}</th>
            <th scope="col">{c.state}</th>
            <th scope="col">{c.about}</th>
            <th scope="col">{c.created}</th>
            {showRunAfter && <th scope="col">{c.runAfter}</th>}
            <th scope="col">{c.started}</th>
            <th scope="col">{c.finished}</th>
            <th scope="col">{c.retries}</th>
            {showError && <th scope="col">{c.error}</th>}
            {onRetry && (
              <th scope="col">
                <span className="visually-hidden">{en.common.actions}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => (
            <tr key={job.id}>
              <td data-label={c.job}>
                <div>
                  <span className="strong">{job.name}</span>
                  <div className="muted small job-id" title={job.id}>
                    {t.jobId(shortJobId(job.id))}
                  </div>
                </div>
              </td>
              <td data-label={c.state}>
                <Badge tone={stateTones[job.state] ?? 'neutral'}>{t.states[job.state] ?? job.state}</Badge>
              </td>
              <td data-label={c.about}>
                <JobAbout job={job} />
              </td>
              <td data-label={c.created}>
                <When iso={job.createdOn} />
              </td>
              {showRunAfter && (
                <td data-label={c.runAfter}>
                  <When iso={job.startAfter} />
                </td>
              )}
              <td data-label={c.started}>
                <When iso={job.startedOn} />
              </td>
              <td data-label={c.finished}>
                <When iso={job.completedOn} />
              </td>
              <td data-label={c.retries}>{t.retries(job.retryCount, job.retryLimit)}</td>
              {showError && (
                <td data-label={c.error}>{job.error ? <JobError text={job.error} /> : <span className="muted">{t.none}</span>}</td>
              )}
              {onRetry && (
                <td className="row-actions">
                  <button
                    type="button"
                    className="btn btn-small btn-primary"
                    onClick={() => onRetry(job)}
                    disabled={retryingId !== null}
                    aria-busy={retryingId === job.id}
                    aria-label={t.retryLabel(job.name, shortJobId(job.id))}
                  >
                    {retryingId === job.id ? t.retrying : t.retry}
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function useJobs(section: JobSectionName) {
  const { states, limit } = JOB_SECTIONS[section];
  return useQuery(BackgroundJobsDocument, { variables: { states, limit }, fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: true });
}

export function JobsPage() {
  useDocumentTitle(t.title);
  const results = { queued: useJobs('queued'), failed: useJobs('failed'), completed: useJobs('completed') };
  const [retryJob] = useMutation(RetryBackgroundJobDocument);
  const [retryingId, setRetryingId] = useState<string | null>(null);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const [refreshing, setRefreshing] = useState(false);

  // Each section shows its own load error; a failed refresh is not an error of the refresh button.
  const refetchAll = (sections: JobSectionName[]) => Promise.allSettled(sections.map((s) => results[s].refetch()));

  const onRefresh = async () => {
    setRefreshing(true);
    await refetchAll(['queued', 'failed', 'completed']);
    setRefreshing(false);
  };

  const onRetry = async (job: Job) => {
    setNotice(null);
    setRetryingId(job.id);
    try {
      const res = await retryJob({ variables: { name: job.name, id: job.id } });
      setNotice({ kind: 'success', text: res.data?.retryBackgroundJob.message || t.retried });
    } catch (err) {
      setNotice({ kind: 'error', text: describeError(err, t.retryFailed) });
    } finally {
      setRetryingId(null);
    }
    // A retried job leaves 'failed' for 'retry' (queued); show both as they are now.
    await refetchAll(['failed', 'queued']);
  };

  return (
    <div className="stack">
      <PageHeader
        title={t.title}
        actions={
          <button type="button" className="btn btn-secondary" onClick={() => void onRefresh()} disabled={refreshing} aria-busy={refreshing}>
            {refreshing ? t.refreshing : t.refresh}
          </button>
        }
      />
      <p className="muted">{t.intro}</p>
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
      {(['queued', 'failed', 'completed'] as const).map((section) => {
        const { data, loading, error, refetch } = results[section];
        const jobs = data?.backgroundJobs;
        const titleId = `jobs-${section}-title`;
        return (
          <section key={section} className="card" aria-labelledby={titleId}>
            <div className="card-header">
              <h3 id={titleId} className="card-title">
                {t.sections[section]} {jobs ? <span className="muted">({jobs.length})</span> : null}
              </h3>
            </div>
            <ListState data={jobs} loading={loading} error={error} errorMessage={describeError(error, t.loadFailed)} onRetry={() => void refetch()} empty={t.empty[section]}>
              {(jobs) => (
                <JobsTable section={section} jobs={jobs} retryingId={retryingId} onRetry={section === 'failed' ? (job) => void onRetry(job) : undefined} />
              )}
            </ListState>
          </section>
        );
      })}
    </div>
  );
}

export default JobsPage;
