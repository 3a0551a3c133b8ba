import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useMutation, useQuery } from '@apollo/client/react';
import { ContactSubmissionDocument, UpdateContactStatusDocument, type ContactStatus } from '@/gql/graphql';
import { paths } from '@/config/paths';
import { en } from '@/i18n/en';
import { errorCode } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Loading } from '@/components/ui/loading';
import { Notice, type NoticeValue } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import '../contacts.css';

const t = en.contacts;
export const contactStatuses: readonly ContactStatus[] = ['NEW', 'IN_PROGRESS', 'RESOLVED'];

export function ContactDetailPage() {
  useDocumentTitle(t.detailTitle);
  const { id = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(ContactSubmissionDocument, { variables: { id }, fetchPolicy: 'cache-and-network' });
  const [updateStatus, { loading: saving }] = useMutation(UpdateContactStatusDocument);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const contact = data?.contactSubmission;

  const back = (
    <Link to={paths.contacts.getHref()} className="btn btn-secondary">
      {t.backToList}
    </Link>
  );

  if (loading && !contact) return <Loading />;
  if (!contact) {
    return (
      <div>
        <PageHeader title={t.detailTitle} actions={back} />
        {error && errorCode(error) !== 'NOT_FOUND' ? (
          <ErrorAlert message={t.loadFailed} onRetry={() => void refetch()} />
        ) : (
          <EmptyState>{t.noData}</EmptyState>
        )}
      </div>
    );
  }

  // The status saves as soon as it is chosen.
  const onStatus = async (status: ContactStatus) => {
    setNotice(null);
    try {
      await updateStatus({ variables: { id: contact.id, status } });
      setNotice({ kind: 'success', text: t.statusUpdated });
    } catch {
      setNotice({ kind: 'error', text: t.statusUpdateFailed });
    }
  };

  const rows: [string, string][] = [
    [t.fields.name, contact.name],
    [t.fields.email, contact.email],
    [t.fields.phone, contact.phone || en.common.na],
    [t.fields.subject, contact.subject],
    [t.fields.received, formatDateTime(contact.createdAt)],
    [t.fields.updated, formatDateTime(contact.updatedAt)],
  ];

  return (
    <div className="stack">
      <PageHeader title={t.detailTitle} actions={back} />
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
      <section className="card">
        <div className="contact-status">
          <label htmlFor="contact-status">{t.statusLabel}</label>
          <select id="contact-status" value={contact.status} disabled={saving} aria-busy={saving} onChange={(e) => void onStatus(e.target.value as ContactStatus)}>
            {contactStatuses.map((s) => (
              <option key={s} value={s}>
                {t.statuses[s]}
              </option>
            ))}
          </select>
        </div>
        <dl className="detail-list">
          {rows.map(([label, value]) => (
            <div key={label} className="detail-row">
              <dt>{label}</dt>
              <dd>{label === t.fields.email ? <a href={`mailto:${value}`}>{value}</a> : value}</dd>
            </div>
          ))}
        </dl>
        <h3 className="card-title">{t.fields.message}</h3>
        <p className="prewrap message-body">{contact.message}</p>
      </section>
    </div>
  );
}

export default ContactDetailPage;
