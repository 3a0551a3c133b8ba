import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useMutation, useQuery } from '@apollo/client/react';
import { AdminUsersDocument, DeleteUserDocument } from '@/gql/graphql';
import { paths } from '@/config/paths';
import { en } from '@/i18n/en';
import { describeError } from '@/lib/errors';
import { formatDay } from '@/lib/format';
import { csvPaths, downloadCsv } from '@/lib/rest';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useListParams } from '@/lib/use-list-params';
import { ListState } from '@/components/ui/list-state';
import { Notice, type NoticeValue } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { SearchBox } from '@/components/ui/search-box';
import {
  categoryLabel,
  categoryOneLabel,
  parseCategory,
  parseStatus,
  statusLabel,
  toCategoryEnum,
  userCategoryFilters,
  userStatuses,
} from '../lib/categories';
import { StatusBadge } from './status-badge';

export const USERS_PAGE_SIZE = 20;
const t = en.users;

export function UsersPage() {
  useDocumentTitle(t.title);
  const { values, page, set } = useListParams(['category', 'status', 'search'] as const);
  const category = parseCategory(values.category);
  const status = parseStatus(values.status);
  const search = values.search.trim();
  const offset = (page - 1) * USERS_PAGE_SIZE;
  const location = useLocation();
  const [notice, setNotice] = useState<NoticeValue | null>((location.state as { notice?: NoticeValue } | null)?.notice ?? null);
  const [exporting, setExporting] = useState(false);

  const { data, loading, error, refetch } = useQuery(AdminUsersDocument, {
    variables: {
      filter: { category: category ? toCategoryEnum(category) : undefined, status, search: search || undefined },
      offset,
      limit: USERS_PAGE_SIZE,
    },
    fetchPolicy: 'cache-and-network',
  });
  const [deleteUser, { loading: deleting }] = useMutation(DeleteUserDocument);

  const onDelete = async (id: string) => {
    if (!window.confirm(t.deleteConfirm)) return;
    setNotice(null);
    try {
      const res = await deleteUser({ variables: { id } });
      setNotice({ kind: 'success', text: res.data?.deleteUser.message || t.deleted });
      await refetch();
    } catch (err) {
      setNotice({ kind: 'error', text: describeError(err, t.deleteFailed) });
    }
  };

  const onExport = async () => {
    setExporting(true);
    setNotice(null);
    try {
      await downloadCsv(csvPaths.users({ category, search, status: status?.toLowerCase() }), `users${category ? `-${category}` : ''}.csv`);
    } catch (err) {
      setNotice({ kind: 'error', text: describeError(err, en.errors.downloadFailed) });
    } finally {
      setExporting(false);
    }
  };

  const page_ = data?.users;
  return (
    <div>
      <PageHeader
        title={t.title}
        actions={
          <>
            <button type="button" className="btn btn-secondary" onClick={onExport} disabled={exporting} aria-busy={exporting}>
              {exporting ? en.common.exporting : en.common.exportCsv}
            </button>
            <Link to={paths.userNew.getHref()} className="btn btn-primary">
              {t.addUser}
            </Link>
          </>
        }
      />
      <div className="toolbar">
        <SearchBox id="users-search" label={t.searchLabel} placeholder={t.searchPlaceholder} value={values.search} onSearch={(v) => set({ search: v })} />
        <div className="toolbar-field">
          <label htmlFor="users-category">{t.filterCategory}</label>
          <select id="users-category" value={category ?? ''} onChange={(e) => set({ category: e.target.value })}>
            <option value="">{t.allCategories}</option>
            {(category === 'superadmin' ? [...userCategoryFilters, category] : userCategoryFilters).map((c) => (
              <option key={c} value={c}>
                {categoryLabel(c)}
              </option>
            ))}
          </select>
        </div>
        <div className="toolbar-field">
          <label htmlFor="users-status">{t.filterStatus}</label>
          <select id="users-status" value={status?.toLowerCase() ?? ''} onChange={(e) => set({ status: e.target.value })}>
            <option value="">{t.allStatuses}</option>
            {userStatuses.map((s) => (
              <option key={s} value={s.toLowerCase()}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </div>
      </div>

      <Notice notice={notice} onDismiss={() => setNotice(null)} />

      <ListState data={page_} loading={loading} error={error} onRetry={() => void refetch()} empty={t.empty}>
        {(page_) => (
          <>
            <p className="muted small list-count">{t.total(page_.total)}</p>
            <div className="table-wrap">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">{t.columns.name}</th>
                    <th scope="col">{t.columns.email}</th>
                    <th scope="col">{t.columns.phone}</th>
                    <th scope="col">{t.columns.category}</th>
                    <th scope="col">{t.columns.status}</th>
                    <th scope="col">{t.columns.created}</th>
                    <th scope="col">
                      <span className="visually-hidden">{en.common.actions}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {page_.items.map((user) => (
                    <tr key={user.id}>
                      <td data-label={t.columns.name} className="strong">
                        {user.name}
                      </td>
                      <td data-label={t.columns.email}>{user.email}</td>
                      <td data-label={t.columns.phone}>{user.phone || en.common.na}</td>
                      <td data-label={t.columns.category}>{categoryOneLabel(user.category)}</td>
                      <td data-label={t.columns.status}>
                        <StatusBadge status={user.status} />
                      </td>
                      <td data-label={t.columns.created}>{formatDay(user.createdAt)}</td>
                      <td className="row-actions">
                        <Link to={paths.userEdit.getHref(user.id)} className="btn btn-small btn-secondary" aria-label={t.editUser(user.name)}>
                          {en.common.edit}
                        </Link>
                        <button
                          type="button"
                          className="btn btn-small btn-danger"
                          onClick={() => void onDelete(user.id)}
                          disabled={deleting}
                          aria-label={t.deleteUser(user.name)}
                        >
                          {en.common.delete}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination offset={offset} limit={USERS_PAGE_SIZE} total={page_.total} onChange={(o) => set({ page: o / USERS_PAGE_SIZE + 1 })} />
          </>
        )}
      </ListState>
    </div>
  );
}

export default UsersPage;
