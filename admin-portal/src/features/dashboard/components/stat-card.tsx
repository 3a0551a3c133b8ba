import { Link } from 'react-router-dom';
import { formatNumber } from '@/lib/format';

interface Props {
  label: string;
  value: number;
  to?: string;
  linkLabel?: string;
  tone?: 'blue' | 'green' | 'amber' | 'slate' | 'violet' | 'rose';
}

export function StatCard({ label, value, to, linkLabel, tone = 'slate' }: Props) {
  const body = (
    <>
      <span className="stat-label">{label}</span>
      <span className="stat-value">{formatNumber(value)}</span>
    </>
  );
  if (to) {
    return (
      <li className={`stat-card stat-${tone}`}>
        <Link to={to} className="stat-link" aria-label={linkLabel ? `${linkLabel}: ${formatNumber(value)}` : undefined}>
          {body}
        </Link>
      </li>
    );
  }
  return <li className={`stat-card stat-${tone}`}>{body}</li>;
}
