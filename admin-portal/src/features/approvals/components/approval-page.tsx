import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  PendingStudentsDocument,
  PendingTeachersDocument,
  SetApprovalStatusDocument,
  type ApprovalStatus,
  type ApprovalUserFieldsFragment,
} from '@/gql/graphql';
import { en } from '@/i18n/en';
import { describeError } from '@/lib/errors';
import { csvPaths, downloadCsv } from '@/lib/rest';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useListParams } from '@/lib/use-list-params';
import { ListState } from '@/components/ui/list-state';
import { Notice, type NoticeValue } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { SearchBox } from '@/components/ui/search-box';
import { StatusBadge } from '@/features/users/components/status-badge';

export const APPROVALS_PAGE_SIZE = 20;
const t = en.approvals;

export type ApprovalKind = 'student' | 'teacher';

function usePeople(kind: ApprovalKind, search: string, offset: number) {
  const variables = { search: search || undefined, offset, limit: APPROVALS_PAGE_SIZE };
  const students = useQuery(PendingStudentsDocument, { variables, skip: kind !== 'student', fetchPolicy: 'cache-and-network' });
  const teachers = useQuery(PendingTeachersDocument, { variables, skip: kind !== 'teacher', fetchPolicy: 'cache-and-network' });
  const q = kind === 'student' ? students : teachers;
  const page = kind === 'student' ? students.data?.students : teachers.data?.teachers;
  return { page, loading: q.loading, error: q.error, refetch: q.refetch };
}

/** Bulk approval of students or teachers: search, checkboxes, select all, approve/reject selected. */
export function ApprovalPage({ kind }: { kind: ApprovalKind }) {
  const title = kind === 'student' ? t.studentsTitle : t.teachersTitle;
  useDocumentTitle(title);
  const { values, page: pageNo, set } = useListParams(['search'] as const);
  const search = values.search.trim();
  const offset = (pageNo - 1) * APPROVALS_PAGE_SIZE;
  const { page, loading, error, refetch } = usePeople(kind, search, offset);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const [exporting, setExporting] = useState(false);
  const [setStatus, { loading: working }] = useMutation(SetApprovalStatusDocument);

  const items: ApprovalUserFieldsFragment[] = page?.items ?? [];
  const visibleIds = items.map((u) => u.id);
  const selectedVisible = visibleIds.filter((id) => selected.has(id));
  const allSelected = visibleIds.length > 0 && selectedVisible.length === visibleIds.length;

  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(visibleIds));

  const act = async (status: ApprovalStatus) => {
    const userIds = [...selected];
    if (userIds.length === 0) {
      setNotice({ kind: 'error', text: t.nothingSelected });
      return;
    }
    setNotice(null);
    try {
      const res = await setStatus({ variables: { input: { userIds, status } } });
      const updated = res.data?.setApprovalStatus.updated ?? 0;
      setNotice({ kind: 'success', text: t.done(updated, kind, status) });
      setSelected(new Set());
      await refetch();
    } catch (err) {
      setNotice({ kind: 'error', text: describeError(err, t.failed) });
    }
  };

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadCsv(csvPaths.students(search), 'students.csv');
    } catch (err) {
      setNotice({ kind: 'error', text: describeError(err, en.errors.downloadFailed) });
    } finally {
      setExporting(false);
    }
  };

  const columns = t.columns;
  return (
    <div>
      <PageHeader
        title={title}
        actions={
          kind === 'student' ? (
            <button type="button" className="btn btn-secondary" onClick={onExport} disabled={exporting} aria-busy={exporting}>
              {exporting ? en.common.exporting : en.common.exportCsv}
            </button>
          ) : undefined
        }
      />
      <div className="toolbar">
        <SearchBox
          id={`${kind}-search`}
          label={kind === 'student' ? t.searchStudents : t.searchTeachers}
          placeholder={t.searchPlaceholder}
          value={values.search}
          onSearch={(v) => {
            setSelected(new Set());
            set({ search: v });
          }}
        />
        <div className="toolbar-actions">
          <label className="checkbox select-all">
            <input type="checkbox" checked={allSelected} onChange={toggleAll} disabled={visibleIds.length === 0} /> {t.selectAll}
          </label>
          <span className="muted small" aria-live="polite">
            {t.selectedCount(selected.size)}
          </span>
          <div className="bulk-buttons">
            <button type="button" className="btn btn-success" onClick={() => void act('APPROVED')} disabled={working}>
              {t.approveSelected}
            </button>
            <button type="button" className="btn btn-danger" onClick={() => void act('REJECTED')} disabled={working}>
              {t.rejectSelected}
            </button>
          </div>
        </div>
      </div>

      <Notice notice={notice} onDismiss={() => setNotice(null)} />

      <ListState data={page} loading={loading} error={error} onRetry={() => void refetch()} empty={kind === 'student' ? t.emptyStudents : t.emptyTeachers}>
        {(page) => (
          <>
            <div className="table-wrap">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col" className="col-check">
                      <span className="visually-hidden">{t.selectColumn}</span>
                    </th>
                    <th scope="col">{columns.name}</th>
                    <th scope="col">{columns.email}</th>
                    <th scope="col">{columns.phone}</th>
                    {kind === 'student' ? (
                      <>
                        <th scope="col">{columns.father}</th>
                        <th scope="col">{columns.teacher}</th>
                      </>
                    ) : (
                      <>
                        <th scope="col">{columns.school}</th>
                        <th scope="col">{columns.district}</th>
                      </>
                    )}
                    <th scope="col">{columns.status}</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((u) => (
                    <tr key={u.id} className={selected.has(u.id) ? 'row-selected' : undefined}>
                      <td className="col-check">
                        <input type="checkbox" aria-label={t.selectRow(u.name)} checked={selected.has(u.id)} onChange={() => toggle(u.id)} />
                      </td>
                      <td data-label={columns.name} className="strong">
                        {u.name}
                      </td>
                      <td data-label={columns.email}>{u.email}</td>
                      <td data-label={columns.phone}>{u.phone || en.common.na}</td>
                      {kind === 'student' ? (
                        <>
                          <td data-label={columns.father}>{u.fatherName || en.common.na}</td>
                          <td data-label={columns.teacher}>{u.createdBy?.name || u.primaryEmail || en.common.na}</td>
                        </>
                      ) : (
                        <>
                          <td data-label={columns.school}>{u.schoolName || en.common.na}</td>
                          <td data-label={columns.district}>{u.district || en.common.na}</td>
                        </>
                      )}
                      <td data-label={columns.status}>
                        <StatusBadge status={u.status} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination offset={offset} limit={APPROVALS_PAGE_SIZE} total={page?.total ?? 0} onChange={(o) => set({ page: o / APPROVALS_PAGE_SIZE + 1 })} />
          </>
        )}
      </ListState>
    </div>
  );
}
