import { Link } from 'react-router-dom';
import { formatNumber } from '@/lib/format';
import '../dashboard.css';

interface Props {
  label: string;
  value: number;
  /** How to show the value, when not as a plain number (e.g. a percentage). */
  display?: string;
  to?: string;
  linkLabel?: string;
  tone?: 'blue' | 'green' | 'amber' | 'slate' | 'violet' | 'rose';
}

export function StatCard({ label, value, display, to, linkLabel, tone = 'slate' }: Props) {
  const shown = display ?? formatNumber(value);
  const body = (
    <>
      <span className="stat-label">{label}</span>
      <span className="stat-value">{shown}</span>
    </>
  );
  if (to) {
    return (
      <li className={`stat-card stat-${tone}`}>
        <Link to={to} className="stat-link" aria-label={linkLabel ? `${linkLabel}: ${shown}` : undefined}>
          {body}
        </Link>
      </li>
    );
  }
  return <li className={`stat-card stat-${tone}`}>{body}</li>;
}
