import { en } from '@/i18n/en';

interface Props {
  offset: number;
  limit: number;
  total: number;
  onChange: (offset: number) => void;
}

export function Pagination({ offset, limit, total, onChange }: Props) {
  if (total <= 0) return null;
  const page = Math.floor(offset / limit) + 1;
  const pages = Math.max(1, Math.ceil(total / limit));
  const from = offset + 1;
  const to = Math.min(offset + limit, total);
  return (
    <nav className="pagination" aria-label={en.common.pagination}>
      <span className="pagination-summary">{en.common.showing(from, to, total)}</span>
      <div className="pagination-controls">
        <button type="button" className="btn btn-small btn-secondary" disabled={page <= 1} onClick={() => onChange(Math.max(0, offset - limit))}>
          {en.common.previous}
        </button>
        <span aria-current="page">{en.common.pageOf(page, pages)}</span>
        <button type="button" className="btn btn-small btn-secondary" disabled={page >= pages} onClick={() => onChange(offset + limit)}>
          {en.common.next}
        </button>
      </div>
    </nav>
  );
}
