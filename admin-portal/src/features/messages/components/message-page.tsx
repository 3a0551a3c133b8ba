import { useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { MessageDeliveriesDocument, MessageDocument } from '@/gql/graphql';
import { paths } from '@/config/paths';
import { describeError } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { ListState } from '@/components/ui/list-state';
import { Loading } from '@/components/ui/loading';
import { Notice, type NoticeValue } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { useCancelMessage } from '../api/use-send-message';
import { messages } from '../strings';
import { MessageStatus } from './message-status';
import '../messages.css';

const t = messages.detail;
const PAGE = 50;
const FILTERS = ['', 'queued', 'sent', 'failed', 'skipped'] as const;

/** Messages → one message: whom it went to, its totals, and each person's delivery (filterable by status). */
export function MessagePage() {
  const { id = '' } = useParams();
  const filterId = useId();
  const [status, setStatus] = useState<string>('');
  const [offset, setOffset] = useState(0);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const [asking, setAsking] = useState(false);
  const message = useQuery(MessageDocument, { variables: { id }, fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: true });
  const deliveries = useQuery(MessageDeliveriesDocument, { variables: { messageId: id, status: status || null, offset, limit: PAGE }, fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: true });
  const [cancel, cancelling] = useCancelMessage();
  const m = message.data?.message;
  useDocumentTitle(m ? `${t.title}: ${m.subject}` : t.title);

  const refresh = () => {
    void message.refetch();
    void deliveries.refetch();
  };
  const onCancel = async () => {
    try {
      await cancel({ variables: { id } });
      setNotice({ kind: 'success', text: t.cancelled });
    } catch (err) {
      setNotice({ kind: 'error', text: describeError(err, t.cancelFailed) });
    } finally {
      setAsking(false);
    }
  };

  return (
    <div className="stack">
      <PageHeader
        title={m?.subject ?? t.title}
        actions={
          <>
            <button type="button" className="btn btn-secondary" onClick={refresh} disabled={message.loading} aria-busy={message.loading}>
              {t.refresh}
            </button>
            {m?.status === 'scheduled' && (
              <button type="button" className="btn btn-danger" onClick={() => setAsking(true)}>
                {t.cancel}
              </button>
            )}
          </>
        }
      >
        <p>
          <Link to={paths.messages.getHref()}>← {t.back}</Link>
        </p>
      </PageHeader>
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
      {!m && message.loading && <Loading />}
      {!m && message.error && <ErrorAlert message={describeError(message.error, t.loadFailed)} onRetry={() => void message.refetch()} />}
      {m && (
        <section className="card" aria-labelledby="message-summary">
          <h3 id="message-summary" className="visually-hidden">
            {t.title}
          </h3>
          <dl className="message-totals">
            <div>
              <dt>{t.status}</dt>
              <dd>
                <MessageStatus status={m.status} />
              </dd>
            </div>
            <div>
              <dt>{t.recipients}</dt>
              <dd>{m.recipients}</dd>
            </div>
            <div>
              <dt>{messages.deliveryStatuses.sent}</dt>
              <dd>{m.totals.sent}</dd>
            </div>
            <div>
              <dt>{messages.deliveryStatuses.queued}</dt>
              <dd>{m.totals.queued}</dd>
            </div>
            <div>
              <dt>{messages.deliveryStatuses.failed}</dt>
              <dd>{m.totals.failed}</dd>
            </div>
            <div>
              <dt>{messages.deliveryStatuses.skipped}</dt>
              <dd>{m.totals.skipped}</dd>
            </div>
          </dl>
          <p>
            {t.to}: {messages.segments[m.segment] ?? m.segment}, {messages.list.events(m.eventIds.length)} · {t.kind}: {messages.kinds[m.kind] ?? m.kind} · {t.when}:{' '}
            <time dateTime={m.sendAt}>{formatDateTime(m.sendAt)}</time>
            {m.createdByEmail && (
              <>
                {' '}
                · {t.by}: {m.createdByEmail}
              </>
            )}
          </p>
          <details className="message-text">
            <summary>{t.english}</summary>
            <p className="preserve-lines">{m.text}</p>
          </details>
          {m.subjectHi && (
            <details lang="hi" className="message-text">
              <summary>
                {t.hindi}: {m.subjectHi}
              </summary>
              <p className="preserve-lines">{m.textHi}</p>
            </details>
          )}
        </section>
      )}
      <section className="card" aria-labelledby="deliveries-title">
        <div className="card-header">
          <h3 id="deliveries-title" className="card-title">
            {t.deliveries}
          </h3>
          <div className="field inline-field">
            <label htmlFor={filterId}>{t.filter}</label>
            <select
              id={filterId}
              value={status}
              onChange={(e) => {
                setStatus(e.target.value);
                setOffset(0);
              }}
            >
              {FILTERS.map((f) => (
                <option key={f} value={f}>
                  {f ? messages.deliveryStatuses[f] : t.all}
                </option>
              ))}
            </select>
          </div>
        </div>
        <ListState data={deliveries.data?.messageDeliveries} loading={deliveries.loading} error={deliveries.error} errorMessage={describeError(deliveries.error, t.deliveriesLoadFailed)} onRetry={() => void deliveries.refetch()} empty={t.empty}>
          {(page) => (
            <>
              <div className="table-wrap">
                <table className="table messages-table">
                  <thead>
                    <tr>
                      <th scope="col">{t.columns.recipient}</th>
                      <th scope="col">{t.columns.language}</th>
                      <th scope="col">{t.columns.status}</th>
                      <th scope="col">{t.columns.attempts}</th>
                      <th scope="col">{t.columns.sentAt}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.items.map((d) => (
                      <tr key={d.id}>
                        <td data-label={t.columns.recipient}>
                          {d.name && <div>{d.name}</div>}
                          <div className="muted small">{d.recipient}</div>
                        </td>
                        <td data-label={t.columns.language}>{messages.languages[d.language] ?? d.language}</td>
                        <td data-label={t.columns.status}>
                          <MessageStatus status={d.status} delivery />
                          {d.error && <div className="muted small">{d.error}</div>}
                        </td>
                        <td data-label={t.columns.attempts}>{d.attempts}</td>
                        <td data-label={t.columns.sentAt}>{d.sentAt ? <time dateTime={d.sentAt}>{formatDateTime(d.sentAt)}</time> : messages.none}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pagination offset={page.offset} limit={page.limit} total={page.total} onChange={setOffset} />
            </>
          )}
        </ListState>
      </section>
      {asking && (
        <ConfirmDialog title={t.cancelTitle} confirmLabel={t.cancel} cancelLabel={t.keep} tone="danger" busy={cancelling.loading} onConfirm={() => void onCancel()} onCancel={() => setAsking(false)}>
          {t.cancelText}
        </ConfirmDialog>
      )}
    </div>
  );
}

export default MessagePage;
