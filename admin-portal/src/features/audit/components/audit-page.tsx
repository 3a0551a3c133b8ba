import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { AuditLogDocument } from '@/gql/graphql';
import { en } from '@/i18n/en';
import { formatDateTime } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useListParams } from '@/lib/use-list-params';
import { ListState } from '@/components/ui/list-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import '../audit.css';

export const AUDIT_PAGE_SIZE = 25;
const t = en.audit;

/** The API sends before/after as JSON text; show it indented (or as it came when it is not JSON). */
export function prettyJson(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  return JSON.stringify(value, null, 2);
}

function Json({ value }: { value: unknown }) {
  const text = prettyJson(value);
  if (text === null) return <p className="muted">{t.nothing}</p>;
  return <pre className="json">{text}</pre>;
}

export function AuditPage() {
  useDocumentTitle(t.title);
  const { page, set } = useListParams([] as const);
  const offset = (page - 1) * AUDIT_PAGE_SIZE;
  const [open, setOpen] = useState<Set<string>>(new Set());
  const { data, loading, error, refetch } = useQuery(AuditLogDocument, { variables: { offset, limit: AUDIT_PAGE_SIZE }, fetchPolicy: 'cache-and-network' });
  const log = data?.auditLog;

  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div>
      <PageHeader title={t.title} />
      <ListState data={log} loading={loading} error={error} errorMessage={t.loadFailed} onRetry={() => void refetch()} empty={t.empty}>
        {(log) => (
          <>
            <ul className="audit-list">
              {log.items.map((entry) => {
                const expanded = open.has(entry.id);
                const panelId = `audit-${entry.id}`;
                return (
                  <li key={entry.id} className="audit-item card">
                    <div className="audit-row">
                      <div className="audit-main">
                        <span className="audit-action">{entry.action}</span>
                        <span className="muted">
                          {entry.entityType}
                          {entry.entityId ? ` · ${entry.entityId}` : ''}
                        </span>
                      </div>
                      <div className="audit-meta small">
                        <span>
                          <span className="visually-hidden">{t.columns.who}: </span>
                          {entry.actorEmail || t.system}
                        </span>
                        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                      </div>
                      <button type="button" className="btn btn-small btn-secondary" aria-expanded={expanded} aria-controls={panelId} onClick={() => toggle(entry.id)}>
                        {expanded ? t.hideChanges : t.showChanges}
                      </button>
                    </div>
                    {expanded && (
                      <div id={panelId} className="audit-changes">
                        <div>
                          <h4>{t.before}</h4>
                          <Json value={entry.before} />
                        </div>
                        <div>
                          <h4>{t.after}</h4>
                          <Json value={entry.after} />
                        </div>
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
            <Pagination offset={offset} limit={AUDIT_PAGE_SIZE} total={log.total} onChange={(o) => set({ page: o / AUDIT_PAGE_SIZE + 1 })} />
          </>
        )}
      </ListState>
    </div>
  );
}

export default AuditPage;
