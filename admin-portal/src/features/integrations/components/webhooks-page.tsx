import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQuery } from '@apollo/client/react';
import { CreateWebhookEndpointDocument, DeleteWebhookEndpointDocument, SetWebhookEndpointEnabledDocument, WebhookEndpointsDocument, type WebhookEndpointsQuery } from '@/gql/graphql';
import { paths } from '@/config/paths';
import { describeError } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Badge } from '@/components/ui/badge';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field, fieldA11y } from '@/components/ui/field';
import { ListState } from '@/components/ui/list-state';
import { Notice, type NoticeValue } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { en } from '@/i18n/en';
import { integrations, WEBHOOK_EVENTS } from '../strings';
import { ShownOnce } from './shown-once';
import '../integrations.css';

const t = integrations.hooks;
type Endpoint = WebhookEndpointsQuery['webhookEndpoints'][number];

/** Integrations → Webhooks: add an endpoint (secret shown once) with its event types, disable, enable, delete. */
export function WebhooksPage() {
  useDocumentTitle(t.title);
  const { data, loading, error, refetch } = useQuery(WebhookEndpointsDocument, { fetchPolicy: 'cache-and-network' });
  const [createEndpoint, creating] = useMutation(CreateWebhookEndpointDocument);
  const [setEnabled] = useMutation(SetWebhookEndpointEnabledDocument);
  const [deleteEndpoint, deleting] = useMutation(DeleteWebhookEndpointDocument);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const [secret, setSecret] = useState<string | null>(null);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Endpoint | null>(null);

  const toggle = (type: string) => setEvents((s) => (s.includes(type) ? s.filter((x) => x !== type) : [...s, type]));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    const problems = { url: url.trim() ? undefined : t.urlRequired, events: events.length ? undefined : t.chooseEvent };
    setErrors(problems);
    if (problems.url || problems.events) return;
    try {
      const res = await createEndpoint({ variables: { input: { url: url.trim(), events: WEBHOOK_EVENTS.filter((x) => events.includes(x)) } } });
      setSecret(res.data?.createWebhookEndpoint.secret ?? null);
      setUrl('');
      setEvents([]);
      await refetch();
    } catch (err) {
      const text = describeError(err, t.createFailed);
      setErrors({ url: text });
    }
  };

  const onToggle = async (ep: Endpoint) => {
    setNotice(null);
    setBusyId(ep.id);
    try {
      await setEnabled({ variables: { id: ep.id, enabled: !ep.enabled } });
      setNotice({ kind: 'success', text: t.saved });
    } catch (err) {
      setNotice({ kind: 'error', text: describeError(err, t.actionFailed) });
    } finally {
      setBusyId(null);
    }
  };

  const onDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteEndpoint({ variables: { id: toDelete.id } });
      setNotice({ kind: 'success', text: t.deleted });
      await refetch();
    } catch (err) {
      setNotice({ kind: 'error', text: describeError(err, t.actionFailed) });
    } finally {
      setToDelete(null);
    }
  };

  return (
    <div className="stack">
      <PageHeader title={t.title}>
        <p className="muted">{t.intro}</p>
      </PageHeader>
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
      {secret && <ShownOnce label={t.secretLabel} value={secret} warning={t.shownOnce} onDone={() => setSecret(null)} />}
      <section className="card" aria-labelledby="new-endpoint-title">
        <div className="card-header">
          <h3 id="new-endpoint-title" className="card-title">
            {t.newTitle}
          </h3>
        </div>
        <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
          <Field id="hook-url" label={t.url} hint={t.urlHint} error={errors.url} required>
            <input type="url" inputMode="url" placeholder="https://" value={url} maxLength={2000} onChange={(e) => setUrl(e.target.value)} {...fieldA11y('hook-url', errors.url, t.urlHint, true)} />
          </Field>
          <fieldset className="form-section" aria-describedby={errors.events ? 'hook-events-error' : undefined}>
            <legend>{t.events}</legend>
            <div className="choice-grid">
              {WEBHOOK_EVENTS.map((type) => (
                <label key={type} className="checkbox choice">
                  <input type="checkbox" checked={events.includes(type)} onChange={() => toggle(type)} />
                  <code>{type}</code>
                </label>
              ))}
            </div>
            {errors.events && (
              <p className="field-error" id="hook-events-error" role="alert">
                {errors.events}
              </p>
            )}
          </fieldset>
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={creating.loading} aria-busy={creating.loading}>
              {creating.loading ? t.creating : t.create}
            </button>
          </div>
        </form>
      </section>
      <section className="card" aria-labelledby="endpoints-title">
        <div className="card-header">
          <h3 id="endpoints-title" className="card-title">
            {t.list}
          </h3>
        </div>
        <ListState data={data?.webhookEndpoints} loading={loading} error={error} errorMessage={describeError(error, t.loadFailed)} onRetry={() => void refetch()} empty={t.empty}>
          {(endpoints) => (
            <div className="table-wrap">
              <table className="table integrations-table">
                <thead>
                  <tr>
                    <th scope="col">{t.columns.url}</th>
                    <th scope="col">{t.columns.events}</th>
                    <th scope="col">{t.columns.status}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t.columns.actions}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {endpoints.map((ep) => (
                    <tr key={ep.id}>
                      <td data-label={t.columns.url} className="url-cell">
                        <Link to={paths.webhookDeliveries.getHref(ep.id)} className="strong-link" aria-label={t.deliveriesLabel(ep.url)}>
                          {ep.url}
                        </Link>
                      </td>
                      <td data-label={t.columns.events}>
                        <ul className="chip-list">
                          {ep.events.map((x) => (
                            <li key={x}>
                              <code>{x}</code>
                            </li>
                          ))}
                        </ul>
                      </td>
                      <td data-label={t.columns.status}>
                        <div>
                          <Badge tone={ep.enabled ? 'success' : 'danger'}>{ep.enabled ? t.enabled : t.disabled}</Badge>
                          {ep.disabledReason && <div className="muted small">{ep.disabledReason}</div>}
                          {ep.enabled && ep.failingSince && <div className="muted small">{t.failingSince(formatDateTime(ep.failingSince))}</div>}
                        </div>
                      </td>
                      <td className="row-actions">
                        <Link to={paths.webhookDeliveries.getHref(ep.id)} className="btn btn-small btn-secondary" aria-label={t.deliveriesLabel(ep.url)}>
                          {t.deliveries}
                        </Link>
                        <button type="button" className="btn btn-small btn-secondary" onClick={() => void onToggle(ep)} disabled={busyId !== null} aria-busy={busyId === ep.id} aria-label={ep.enabled ? t.disableLabel(ep.url) : t.enableLabel(ep.url)}>
                          {ep.enabled ? t.disable : t.enable}
                        </button>
                        <button type="button" className="btn btn-small btn-danger" onClick={() => setToDelete(ep)} aria-label={t.deleteLabel(ep.url)}>
                          {t.delete}
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
      {toDelete && (
        <ConfirmDialog title={t.deleteTitle} confirmLabel={t.delete} cancelLabel={en.common.cancel} tone="danger" busy={deleting.loading} onConfirm={() => void onDelete()} onCancel={() => setToDelete(null)}>
          {t.deleteText(toDelete.url)}
        </ConfirmDialog>
      )}
    </div>
  );
}

export default WebhooksPage;
