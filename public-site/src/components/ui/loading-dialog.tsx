import { Component, Suspense, useId, useState, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from '@/i18n/translator';
import { LoadAttempt } from '@/rendering/lazy-part';
import { Loading } from './loading';
import './modal.css';
import './lazy-dialog.css';

export interface LoadingDialogProps {
  /** The dialog: a lazyPart (rendering/lazy-part.tsx), mounted only while open. */
  children: ReactNode;
  onClose: () => void;
  /** Spoken while the dialog's chunk loads. */
  loadingLabel?: string;
}

/**
 * Around a dialog whose code is its own chunk (a lazyPart, fetched the first time it is opened): while
 * the chunk loads, a dimmed backdrop with a spoken loading label; if it cannot be fetched (a flaky
 * connection), a small alert dialog with Try again and Close instead of an error that would unmount the
 * page. Try again mounts the dialog afresh, which fetches its chunk again.
 */
let attempts = 0;

export function LoadingDialog({ children, onClose, loadingLabel }: LoadingDialogProps) {
  const { t } = useTranslation();
  // Each opening and each Try again is a try of its own (a chunk that failed is fetched again).
  const [attempt, setAttempt] = useState(() => ++attempts);
  return (
    <LoadBoundary key={attempt} onRetry={() => setAttempt(++attempts)} onClose={onClose}>
      <Suspense
        fallback={
          <div className="modal-backdrop" aria-busy="true">
            <div className="modal lazy-dialog__box">
              <Loading label={loadingLabel ?? t('common.loading')} />
            </div>
          </div>
        }
      >
        <LoadAttempt.Provider value={attempt}>{children}</LoadAttempt.Provider>
      </Suspense>
    </LoadBoundary>
  );
}

interface BoundaryProps {
  onRetry: () => void;
  onClose: () => void;
  children: ReactNode;
}

class LoadBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn('could not load the dialog', error, info.componentStack);
  }

  render() {
    return this.state.failed ? <LoadFailed onRetry={this.props.onRetry} onClose={this.props.onClose} /> : this.props.children;
  }
}

function LoadFailed({ onRetry, onClose }: { onRetry: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        className="modal lazy-dialog__box"
        role="alertdialog"
        aria-modal="true"
        aria-describedby={id}
        aria-label={t('errors.network')}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
        }}
      >
        <p className="alert alert--error" id={id}>
          {t('errors.network')}
        </p>
        <div className="lazy-dialog__actions">
          <button type="button" className="button button--primary" autoFocus onClick={onRetry}>
            {t('common.retry')}
          </button>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('common.close')}
          </button>
        </div>
      </div>
    </div>
  );
}
