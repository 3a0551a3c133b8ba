import { Link } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { ContactSubmissionsDocument } from '@/gql/graphql';
import { paths } from '@/config/paths';
import { en } from '@/i18n/en';
import { formatDateTime } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useListParams } from '@/lib/use-list-params';
import { ListState } from '@/components/ui/list-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { ContactStatusBadge } from './contact-status-badge';
import '../contacts.css';

export const CONTACTS_PAGE_SIZE = 20;
const t = en.contacts;

export function ContactsPage() {
  useDocumentTitle(t.title);
  const { page, set } = useListParams([] as const);
  const offset = (page - 1) * CONTACTS_PAGE_SIZE;
  const { data, loading, error, refetch } = useQuery(ContactSubmissionsDocument, {
    variables: { offset, limit: CONTACTS_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const list = data?.contactSubmissions;

  return (
    <div>
      <PageHeader title={t.title} />
      <ListState data={list} loading={loading} error={error} errorMessage={t.loadFailed} onRetry={() => void refetch()} empty={t.empty}>
        {(list) => (
          <>
            <p className="muted small list-count">{t.total(list.total)}</p>
            <div className="table-wrap">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">{t.columns.name}</th>
                    <th scope="col">{t.columns.email}</th>
                    <th scope="col">{t.columns.subject}</th>
                    <th scope="col">{t.columns.status}</th>
                    <th scope="col">{t.columns.received}</th>
                    <th scope="col">
                      <span className="visually-hidden">{en.common.actions}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.items.map((c) => (
                    <tr key={c.id} className={c.status === 'NEW' ? 'row-new' : undefined}>
                      <td data-label={t.columns.name} className="strong">
                        {c.name}
                      </td>
                      <td data-label={t.columns.email}>{c.email}</td>
                      <td data-label={t.columns.subject}>{c.subject}</td>
                      <td data-label={t.columns.status}>
                        <ContactStatusBadge status={c.status} />
                      </td>
                      <td data-label={t.columns.received}>{formatDateTime(c.createdAt)}</td>
                      <td className="row-actions">
                        <Link to={paths.contact.getHref(c.id)} className="btn btn-small btn-secondary" aria-label={t.viewQuery(c.subject, c.name)}>
                          {en.common.view}
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination offset={offset} limit={CONTACTS_PAGE_SIZE} total={list.total} onChange={(o) => set({ page: o / CONTACTS_PAGE_SIZE + 1 })} />
          </>
        )}
      </ListState>
    </div>
  );
}

export default ContactsPage;
