import { en } from '@/i18n/en';

export function ErrorAlert({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="alert alert-error" role="alert">
      <span>{message}</span>
      {onRetry && (
        <button type="button" className="btn btn-small btn-secondary" onClick={onRetry}>
          {en.errors.retry}
        </button>
      )}
    </div>
  );
}
