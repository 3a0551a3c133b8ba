import { en } from '@/i18n/en';

export interface NoticeValue {
  kind: 'success' | 'error' | 'info';
  text: string;
}

/** A dismissible banner for the outcome of an action (saved, deleted, failed). */
export function Notice({ notice, onDismiss }: { notice: NoticeValue | null; onDismiss?: () => void }) {
  if (!notice) return null;
  return (
    <div className={`alert alert-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      <span>{notice.text}</span>
      {onDismiss && (
        <button type="button" className="alert-close" onClick={onDismiss} aria-label={en.common.dismiss}>
          ×
        </button>
      )}
    </div>
  );
}
