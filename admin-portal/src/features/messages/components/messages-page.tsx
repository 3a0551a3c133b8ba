import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { MessagesDocument } from '@/gql/graphql';
import { paths } from '@/config/paths';
import { describeError } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ListState } from '@/components/ui/list-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { messages } from '../strings';
import { MessageStatus } from './message-status';
import '../messages.css';

const t = messages.list;
const PAGE = 20;

/** Messages: every message, newest first, with whom it went to and its delivery totals. */
export function MessagesPage() {
  useDocumentTitle(t.title);
  const [offset, setOffset] = useState(0);
  const { data, loading, error, refetch } = useQuery(MessagesDocument, { variables: { offset, limit: PAGE }, fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: true });

  return (
    <div className="stack">
      <PageHeader
        title={t.title}
        actions={
          <>
            <button type="button" className="btn btn-secondary" onClick={() => void refetch()} disabled={loading} aria-busy={loading}>
              {t.refresh}
            </button>
            <Link to={paths.messageNew.getHref()} className="btn btn-primary">
              {t.write}
            </Link>
          </>
        }
      >
        <p className="muted">{t.intro}</p>
      </PageHeader>
      <section className="card" aria-label={t.title}>
        <ListState data={data?.messages} loading={loading} error={error} errorMessage={describeError(error, t.loadFailed)} onRetry={() => void refetch()} empty={t.empty}>
          {(page) => (
            <>
              <div className="table-wrap">
                <table className="table messages-table">
                  <thead>
                    <tr>
                      <th scope="col">{t.columns.subject}</th>
                      <th scope="col">{t.columns.to}</th>
                      <th scope="col">{t.columns.when}</th>
                      <th scope="col">{t.columns.status}</th>
                      <th scope="col">{t.columns.totals}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.items.map((m) => (
                      <tr key={m.id}>
                        <td data-label={t.columns.subject}>
                          <Link to={paths.message.getHref(m.id)} className="strong-link" aria-label={t.openLabel(m.subject)}>
                            {m.subject}
                          </Link>
                          <div className="muted small">{messages.kinds[m.kind] ?? m.kind}</div>
                        </td>
                        <td data-label={t.columns.to}>
                          {messages.segmentShort[m.segment] ?? m.segment}, {t.events(m.eventIds.length)}
                          <div className="muted small">{t.people(m.recipients)}</div>
                        </td>
                        <td data-label={t.columns.when}>
                          <time dateTime={m.sendAt}>{formatDateTime(m.sendAt)}</time>
                        </td>
                        <td data-label={t.columns.status}>
                          <MessageStatus status={m.status} />
                        </td>
                        <td data-label={t.columns.totals}>{t.totals(m.totals.sent, m.totals.queued, m.totals.failed)}</td>
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
    </div>
  );
}

export default MessagesPage;
