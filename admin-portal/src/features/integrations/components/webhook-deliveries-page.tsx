import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useMutation, useQuery } from '@apollo/client/react';
import { RedeliverWebhookDocument, WebhookDeliveriesDocument } from '@/gql/graphql';
import { paths } from '@/config/paths';
import { describeError } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { ListState } from '@/components/ui/list-state';
import { Notice, type NoticeValue } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { integrations } from '../strings';
import '../integrations.css';

const t = integrations.log;
const tones: Record<string, BadgeTone> = { pending: 'info', sending: 'info', retrying: 'warning', delivered: 'success', failed: 'danger' };
const PAGE = 50;

/** Integrations → Webhooks → an endpoint's delivery log: status, answer, timing, and Redeliver. */
export function WebhookDeliveriesPage() {
  const { id = '' } = useParams();
  useDocumentTitle(t.title);
  const { data, loading, error, refetch } = useQuery(WebhookDeliveriesDocument, { variables: { endpointId: id, offset: 0, limit: PAGE }, fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: true });
  const [redeliver] = useMutation(RedeliverWebhookDocument);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [notice, setNotice] = useState<NoticeValue | null>(null);

  const onRedeliver = async (deliveryId: string) => {
    setNotice(null);
    setBusyId(deliveryId);
    try {
      await redeliver({ variables: { endpointId: id, deliveryId } });
      setNotice({ kind: 'success', text: t.redelivered });
      await refetch();
    } catch (err) {
      setNotice({ kind: 'error', text: describeError(err, t.redeliverFailed) });
    } finally {
      setBusyId(null);
    }
  };

  return (
    <div className="stack">
      <PageHeader
        title={t.title}
        actions={
          <button type="button" className="btn btn-secondary" onClick={() => void refetch()} disabled={loading} aria-busy={loading}>
            {t.refresh}
          </button>
        }
      >
        <p>
          <Link to={paths.webhooks.getHref()}>← {t.back}</Link>
        </p>
        <p className="muted">{t.intro}</p>
      </PageHeader>
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
      <section className="card" aria-label={t.title}>
        <ListState data={data?.webhookDeliveries} loading={loading} error={error} errorMessage={describeError(error, t.loadFailed)} onRetry={() => void refetch()} empty={t.empty}>
          {(page) => (
            <div className="table-wrap">
              <table className="table integrations-table">
                <thead>
                  <tr>
                    <th scope="col">{t.columns.event}</th>
                    <th scope="col">{t.columns.status}</th>
                    <th scope="col">{t.columns.response}</th>
                    <th scope="col">{t.columns.time}</th>
                    <th scope="col">{t.columns.attempts}</th>
                    <th scope="col">{t.columns.when}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t.columns.actions}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {page.items.map((d) => (
                    <tr key={d.id}>
                      <td data-label={t.columns.event}>
                        <div>
                          <code>{d.eventType}</code>
                          <details className="payload">
                            <summary>{t.payload}</summary>
                            <pre>{JSON.stringify(JSON.parse(d.payload), null, 2)}</pre>
                          </details>
                        </div>
                      </td>
                      <td data-label={t.columns.status}>
                        <div>
                          <Badge tone={tones[d.status] ?? 'neutral'}>{t.statuses[d.status] ?? d.status}</Badge>
                          {d.status === 'retrying' && d.nextAttemptAt && <div className="muted small">{t.nextAttempt(formatDateTime(d.nextAttemptAt))}</div>}
                        </div>
                      </td>
                      <td data-label={t.columns.response}>
                        <div>
                          {d.responseStatus ? <code>{d.responseStatus}</code> : d.attempts ? <span className="muted">{t.noAnswer}</span> : integrations.none}
                          {d.error && <div className="muted small delivery-error">{d.error}</div>}
                        </div>
                      </td>
                      <td data-label={t.columns.time}>{d.durationMs !== null && d.durationMs !== undefined ? t.ms(d.durationMs) : integrations.none}</td>
                      <td data-label={t.columns.attempts}>{d.attempts}</td>
                      <td data-label={t.columns.when}>
                        <time dateTime={d.createdAt}>{formatDateTime(d.createdAt)}</time>
                      </td>
                      <td className="row-actions">
                        <button type="button" className="btn btn-small btn-secondary" onClick={() => void onRedeliver(d.id)} disabled={busyId !== null || d.status === 'sending'} aria-busy={busyId === d.id} aria-label={t.redeliverLabel(d.eventType, formatDateTime(d.createdAt))}>
                          {busyId === d.id ? t.redelivering : t.redeliver}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </ListState>
      </section>
    </div>
  );
}

export default WebhookDeliveriesPage;
