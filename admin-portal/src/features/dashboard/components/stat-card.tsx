import { Link } from 'react-router-dom';
import { formatNumber } from '@/lib/format';
import '../dashboard.css';

interface Props {
  label: string;
  value: number;
  /** How to show the value, when not as a plain number (e.g. a percentage). */
  display?: string;
  /** What the figure counts, under it ('of registrations at ended events'). */
  hint?: string;
  to?: string;
  tone?: 'blue' | 'green' | 'amber' | 'slate' | 'violet' | 'rose';
}

export function StatCard({ label, value, display, hint, to, tone = 'slate' }: Props) {
  const shown = display ?? formatNumber(value);
  // The space keeps the label and the figure apart in the link's name ('Users in Admin 1'): a link is
  // named by what it shows (WCAG 2.5.3, label in name), never by a different aria-label.
  const body = (
    <>
      <span className="stat-label">{label}</span>{' '}
      <span className="stat-value">{shown}</span>
      {hint && (
        <>
          {' '}
          <span className="stat-hint muted small">{hint}</span>
        </>
      )}
    </>
  );
  if (to) {
    return (
      <li className={`stat-card stat-${tone}`}>
        <Link to={to} className="stat-link">
          {body}
        </Link>
      </li>
    );
  }
  return <li className={`stat-card stat-${tone}`}>{body}</li>;
}
