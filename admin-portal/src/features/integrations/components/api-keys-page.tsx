import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { ApiKeysDocument, CreateApiKeyDocument, RevokeApiKeyDocument, type ApiKeysQuery } from '@/gql/graphql';
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
import { API_SCOPES, integrations } from '../strings';
import { ShownOnce } from './shown-once';
import '../integrations.css';

const t = integrations.keys;
type ApiKey = ApiKeysQuery['apiKeys'][number];

function keyStatus(k: ApiKey): { tone: 'success' | 'danger' | 'neutral'; text: string } {
  if (k.revokedAt) return { tone: 'danger', text: t.revoked };
  if (k.expiresAt && new Date(k.expiresAt).getTime() <= Date.now()) return { tone: 'neutral', text: t.expired };
  return { tone: 'success', text: t.active };
}

/** Integrations → API keys: make a key with scopes (shown once), see when each was last used, revoke. */
export function ApiKeysPage() {
  useDocumentTitle(t.title);
  const { data, loading, error, refetch } = useQuery(ApiKeysDocument, { fetchPolicy: 'cache-and-network' });
  const [createKey, creating] = useMutation(CreateApiKeyDocument);
  const [revokeKey, revoking] = useMutation(RevokeApiKeyDocument);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const [expires, setExpires] = useState('');
  const [errors, setErrors] = useState<{ name?: string; scopes?: string; expiresAt?: string }>({});
  const [newKey, setNewKey] = useState<string | null>(null);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const [toRevoke, setToRevoke] = useState<ApiKey | null>(null);

  const toggle = (scope: string) => setScopes((s) => (s.includes(scope) ? s.filter((x) => x !== scope) : [...s, scope]));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    const problems = { name: name.trim() ? undefined : t.nameRequired, scopes: scopes.length ? undefined : t.chooseScope };
    setErrors(problems);
    if (problems.name || problems.scopes) return;
    try {
      const res = await createKey({
        variables: { input: { name: name.trim(), scopes: API_SCOPES.filter((s) => scopes.includes(s)), expiresAt: expires ? new Date(`${expires}T23:59:59`).toISOString() : null } },
      });
      setNewKey(res.data?.createApiKey.key ?? null);
      setName('');
      setScopes([]);
      setExpires('');
      await refetch();
    } catch (err) {
      setNotice({ kind: 'error', text: describeError(err, t.createFailed) });
    }
  };

  const onRevoke = async () => {
    if (!toRevoke) return;
    try {
      await revokeKey({ variables: { id: toRevoke.id } });
      setNotice({ kind: 'success', text: t.revoked_(toRevoke.name) });
      await refetch();
    } catch (err) {
      setNotice({ kind: 'error', text: describeError(err, t.revokeFailed) });
    } finally {
      setToRevoke(null);
    }
  };

  return (
    <div className="stack">
      <PageHeader title={t.title}>
        <p className="muted">{t.intro}</p>
      </PageHeader>
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
      {newKey && <ShownOnce label={t.keyLabel} value={newKey} warning={t.shownOnce} onDone={() => setNewKey(null)} />}
      <section className="card" aria-labelledby="new-key-title">
        <div className="card-header">
          <h3 id="new-key-title" className="card-title">
            {t.newTitle}
          </h3>
        </div>
        <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
          <div className="form-grid">
            <Field id="key-name" label={t.name} hint={t.nameHint} error={errors.name} required>
              <input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} {...fieldA11y('key-name', errors.name, t.nameHint, true)} />
            </Field>
            <Field id="key-expires" label={t.expiresAt} hint={t.expiresHint}>
              <input type="date" value={expires} onChange={(e) => setExpires(e.target.value)} {...fieldA11y('key-expires', undefined, t.expiresHint)} />
            </Field>
          </div>
          <fieldset className="form-section" aria-describedby={errors.scopes ? 'key-scopes-error' : undefined}>
            <legend>{t.scopes}</legend>
            <div className="choice-grid">
              {API_SCOPES.map((scope) => (
                <label key={scope} className="checkbox choice">
                  <input type="checkbox" checked={scopes.includes(scope)} onChange={() => toggle(scope)} />
                  <span>
                    <code>{scope}</code>
                    <span className="muted small choice-hint">{t.scopeHints[scope]}</span>
                  </span>
                </label>
              ))}
            </div>
            {errors.scopes && (
              <p className="field-error" id="key-scopes-error" role="alert">
                {errors.scopes}
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
      <section className="card" aria-labelledby="keys-title">
        <div className="card-header">
          <h3 id="keys-title" className="card-title">
            {t.list}
          </h3>
        </div>
        <ListState data={data?.apiKeys} loading={loading} error={error} errorMessage={describeError(error, t.loadFailed)} onRetry={() => void refetch()} empty={t.empty}>
          {(keys) => (
            <div className="table-wrap">
              <table className="table integrations-table">
                <thead>
                  <tr>
                    <th scope="col">{t.columns.name}</th>
                    <th scope="col">{t.columns.key}</th>
                    <th scope="col">{t.columns.scopes}</th>
                    <th scope="col">{t.columns.lastUsed}</th>
                    <th scope="col">{t.columns.expires}</th>
                    <th scope="col">{t.columns.status}</th>
                    <th scope="col">
                      <span className="visually-hidden">{en.common.actions}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {keys.map((k) => {
                    const status = keyStatus(k);
                    return (
                      <tr key={k.id}>
                        <td data-label={t.columns.name} className="strong">
                          {k.name}
                        </td>
                        <td data-label={t.columns.key}>
                          <code>{k.prefix}…</code>
                        </td>
                        <td data-label={t.columns.scopes}>
                          <ul className="chip-list">
                            {k.scopes.map((s) => (
                              <li key={s}>
                                <code>{s}</code>
                              </li>
                            ))}
                          </ul>
                        </td>
                        <td data-label={t.columns.lastUsed}>{k.lastUsedAt ? formatDateTime(k.lastUsedAt) : t.never}</td>
                        <td data-label={t.columns.expires}>{k.expiresAt ? formatDateTime(k.expiresAt) : integrations.none}</td>
                        <td data-label={t.columns.status}>
                          <Badge tone={status.tone}>{status.text}</Badge>
                        </td>
                        <td className="row-actions">
                          {!k.revokedAt && (
                            <button type="button" className="btn btn-small btn-danger" onClick={() => setToRevoke(k)} aria-label={t.revokeLabel(k.name)}>
                              {t.revoke}
                            </button>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </ListState>
      </section>
      {toRevoke && (
        <ConfirmDialog title={t.revokeTitle} confirmLabel={t.revoke} cancelLabel={en.common.cancel} tone="danger" busy={revoking.loading} onConfirm={() => void onRevoke()} onCancel={() => setToRevoke(null)}>
          {t.revokeText(toRevoke.name)}
        </ConfirmDialog>
      )}
    </div>
  );
}

export default ApiKeysPage;
