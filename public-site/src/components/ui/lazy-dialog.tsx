import { Component, lazy, Suspense, useId, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from '@/i18n/translator';
import { loadDataLayer } from '@/lib/data-layer-loader';
import { Loading } from './loading';
import './modal.css';
import './lazy-dialog.css';

interface DialogProps {
  onClose: () => void;
}

export interface LazyDialog<P extends DialogProps> {
  (props: P & { loadingLabel?: string }): React.JSX.Element;
  /** Starts fetching the dialog's chunk (e.g. when the pointer reaches its opener); safe to call often. */
  preload(): Promise<void>;
}

/**
 * A dialog whose code (component, mutations, styles) is its own chunk, fetched with the data layer
 * (lib/data-layer-loader.ts) the first time it is opened: the opener renders it only while open. While the chunk loads, a dimmed backdrop with a
 * spoken loading label; if it cannot be fetched (a flaky connection), a small alert dialog with Try
 * again and Close instead of an error that would unmount the page.
 */
export function lazyDialog<P extends DialogProps>(load: () => Promise<{ default: ComponentType<P> }>): LazyDialog<P> {
  let Loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= Promise.all([load(), loadDataLayer()]).then(
      ([module]) => {
        Loaded = module.default;
      },
      (error: unknown) => {
        pending = undefined; // a failed fetch may be retried
        throw error;
      },
    ));

  // The component to render for one try: the loaded one, or a React.lazy (which remembers a failure,
  // so each try gets its own). Chosen once per try, so that a re-render never swaps the element type
  // (that would remount the open dialog and lose what was typed).
  const componentForTry = (): ComponentType<P> => Loaded ?? lazy(() => preload().then(() => ({ default: Loaded as ComponentType<P> })));

  function Dialog({ loadingLabel, ...rest }: P & { loadingLabel?: string }) {
    const { t } = useTranslation();
    const [attempt, setAttempt] = useState(() => ({ n: 0, Dialog: componentForTry() }));
    const props = rest as unknown as P;
    const { Dialog: Inner } = attempt;
    return (
      <LoadBoundary
        key={attempt.n}
        onRetry={() => setAttempt(({ n }) => ({ n: n + 1, Dialog: componentForTry() }))}
        onClose={props.onClose}
      >
        <Suspense
          fallback={
            <div className="modal-backdrop" aria-busy="true">
              <div className="modal lazy-dialog__box">
                <Loading label={loadingLabel ?? t('common.loading')} />
              </div>
            </div>
          }
        >
          <Inner {...props} />
        </Suspense>
      </LoadBoundary>
    );
  }
  return Object.assign(Dialog, { preload });
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
