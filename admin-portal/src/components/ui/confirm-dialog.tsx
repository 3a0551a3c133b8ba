import { useEffect, useId, useRef, type ReactNode } from 'react';
import './confirm-dialog.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ConfirmDialogProps {
  title: string;
  /** What will happen, in words (read out as the dialog's description). */
  children: ReactNode;
  /** The confirming button's text; no confirming button when null (nothing to confirm). */
  confirmLabel: string | null;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirmed action is running: both buttons wait. */
  busy?: boolean;
  tone?: 'primary' | 'danger';
}

/**
 * Asks before an action that cannot be taken back (the public site's modal pattern, as an alertdialog):
 * labelled by its title and described by its text; focus starts on Cancel and stays inside (Tab wraps);
 * Escape and a click outside cancel; focus returns to the opener when it closes; the page behind does not scroll.
 */
export function ConfirmDialog({ title, children, confirmLabel, cancelLabel, onConfirm, onCancel, busy = false, tone = 'primary' }: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const cancel = useRef(onCancel);
  cancel.current = onCancel;
  const busyRef = useRef(busy);
  busyRef.current = busy;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    cancelRef.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (e: KeyboardEvent) => {
      const box = boxRef.current;
      if (e.key === 'Escape') {
        e.stopPropagation();
        if (!busyRef.current) cancel.current();
        return;
      }
      if (e.key !== 'Tab' || !box) return;
      const items = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (!items.length) {
        e.preventDefault();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      if (e.shiftKey && (active === first || !box.contains(active))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !box.contains(active))) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, []);

  return (
    <div
      className="confirm-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && !busyRef.current) cancel.current();
      }}
    >
      <div ref={boxRef} className="confirm-dialog" role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={textId}>
        <h2 id={titleId} className="confirm-title">
          {title}
        </h2>
        <div id={textId} className="confirm-text">
          {children}
        </div>
        <div className="confirm-actions">
          <button ref={cancelRef} type="button" className="btn btn-secondary" onClick={() => cancel.current()} disabled={busy}>
            {cancelLabel}
          </button>
          {confirmLabel !== null && (
            <button type="button" className={`btn ${tone === 'danger' ? 'btn-danger' : 'btn-primary'}`} onClick={onConfirm} disabled={busy} aria-busy={busy}>
              {confirmLabel}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
