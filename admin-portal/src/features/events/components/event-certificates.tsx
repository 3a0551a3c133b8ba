import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { CertificatesToIssueDocument, EventCertificatesDocument, IssueCertificatesDocument, RevokeCertificateDocument } from '@/gql/graphql';
import { en } from '@/i18n/en';
import { describeError } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { Badge } from '@/components/ui/badge';
import { ListState } from '@/components/ui/list-state';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Loading } from '@/components/ui/loading';
import { Notice, type NoticeValue } from '@/components/ui/notice';

const t = en.events;

/** Before anything is mailed: how many people will get a certificate, and a plain yes or no. */
function IssueCertificatesDialog({ eventId, busy, onConfirm, onCancel }: { eventId: string; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { data, loading, error, refetch } = useQuery(CertificatesToIssueDocument, { variables: { eventId }, fetchPolicy: 'network-only' });
  const count = data?.certificatesToIssue;
  const ready = count !== undefined && !loading;
  return (
    <ConfirmDialog
      title={t.issueCertificatesTitle}
      confirmLabel={ready && count > 0 ? t.issueCertificatesConfirmButton(count) : null}
      cancelLabel={ready && count === 0 ? en.common.close : en.common.cancel}
      onConfirm={onConfirm}
      onCancel={onCancel}
      busy={busy}
    >
      {!ready && error ? (
        <ErrorAlert message={describeError(error, t.issueCertificatesCountFailed)} onRetry={() => void refetch()} />
      ) : !ready ? (
        <Loading label={t.issueCertificatesCounting} />
      ) : count === 0 ? (
        <p>{t.issueCertificatesNone}</p>
      ) : (
        <>
          <p className="strong">{t.issueCertificatesWho(count)}</p>
          <p>{t.issueCertificatesWhat}</p>
        </>
      )}
    </ConfirmDialog>
  );
}

/** Certificates of attendance: issued after the event has ended, listed, revocable. */
export function EventCertificates({ eventId, ended }: { eventId: string; ended: boolean }) {
  const { data, loading, error, refetch } = useQuery(EventCertificatesDocument, { variables: { eventId }, fetchPolicy: 'cache-and-network' });
  const [issue, { loading: issuing }] = useMutation(IssueCertificatesDocument);
  const [revoke, { loading: revoking }] = useMutation(RevokeCertificateDocument);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const [confirming, setConfirming] = useState(false);
  const list = data?.eventCertificates;

  const onIssue = async () => {
    setNotice(null);
    try {
      const res = await issue({ variables: { eventId }, refetchQueries: [{ query: EventCertificatesDocument, variables: { eventId } }], awaitRefetchQueries: true });
      setNotice({ kind: 'success', text: t.certificatesIssued(res.data?.issueCertificates.issued ?? 0) });
    } catch (err) {
      setNotice({ kind: 'error', text: describeError(err, t.issueCertificatesFailed) });
    } finally {
      setConfirming(false);
    }
  };

  const onRevoke = async (code: string, name: string) => {
    if (!window.confirm(t.revokeCertificateConfirm(name))) return;
    const reason = window.prompt(t.revokeReasonPrompt, '');
    // Cancel on the reason prompt stops too; an empty reason is fine (it is optional).
    if (reason === null) return;
    setNotice(null);
    try {
      const res = await revoke({
        variables: { code, reason: reason.trim() || null },
        refetchQueries: [{ query: EventCertificatesDocument, variables: { eventId } }],
        awaitRefetchQueries: true,
      });
      setNotice({ kind: 'success', text: res.data?.revokeCertificate.message || t.certificateRevokedNotice });
    } catch (err) {
      setNotice({ kind: 'error', text: describeError(err, t.revokeCertificateFailed) });
    }
  };

  return (
    <section className="card" aria-labelledby="certificates-title">
      <div className="card-header">
        <h3 id="certificates-title" className="card-title">
          {t.certificatesTitle} {list ? <span className="muted">({list.length})</span> : null}
        </h3>
        {ended && (
          <button type="button" className="btn btn-small btn-primary" onClick={() => setConfirming(true)} disabled={issuing} aria-busy={issuing} aria-haspopup="dialog">
            {issuing ? t.issuingCertificates : t.issueCertificates}
          </button>
        )}
      </div>
      {confirming && <IssueCertificatesDialog eventId={eventId} busy={issuing} onConfirm={() => void onIssue()} onCancel={() => setConfirming(false)} />}
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
      {!ended && <p className="muted small">{t.certificatesAfterEvent}</p>}
      <ListState data={list} loading={loading} error={error} onRetry={() => void refetch()} empty={t.certificatesEmpty}>
        {(list) => (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t.certificateColumns.name}</th>
                  <th scope="col">{t.certificateColumns.code}</th>
                  <th scope="col">{t.certificateColumns.language}</th>
                  <th scope="col">{t.certificateColumns.issuedAt}</th>
                  <th scope="col">{t.certificateColumns.status}</th>
                  <th scope="col">
                    <span className="visually-hidden">{en.common.actions}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((c) => (
                  <tr key={c.code}>
                    <td data-label={t.certificateColumns.name} className="strong">
                      {c.name}
                    </td>
                    <td data-label={t.certificateColumns.code}>{c.code}</td>
                    <td data-label={t.certificateColumns.language}>{t.certificateLanguage[c.language] ?? c.language}</td>
                    <td data-label={t.certificateColumns.issuedAt}>{formatDateTime(c.issuedAt)}</td>
                    <td data-label={t.certificateColumns.status}>
                      {c.revokedAt ? (
                        <Badge tone="danger">{t.certificateRevoked(formatDateTime(c.revokedAt))}</Badge>
                      ) : (
                        <Badge tone="success">{t.certificateValid}</Badge>
                      )}
                      {c.revokeReason && <div className="muted small">{c.revokeReason}</div>}
                    </td>
                    <td className="row-actions">
                      {!c.revokedAt && (
                        <button
                          type="button"
                          className="btn btn-small btn-danger"
                          onClick={() => void onRevoke(c.code, c.name)}
                          disabled={revoking}
                          aria-label={t.revokeCertificateLabel(c.name)}
                        >
                          {t.revokeCertificate}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListState>
    </section>
  );
}
