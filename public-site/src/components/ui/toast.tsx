import { useCallback, useEffect, useState } from 'react';

export const TOAST_MS = 3000;

export interface ToastMessage {
  text: string;
  tone: 'success' | 'error';
  /** Changes on every show, so the same text shown twice restarts the timer. */
  id: number;
}

/** A toast that disappears after 3 seconds. */
export function useToast(duration = TOAST_MS) {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setToast(null), duration);
    return () => window.clearTimeout(timer);
  }, [toast, duration]);
  const show = useCallback((text: string, tone: ToastMessage['tone']) => setToast({ text, tone, id: Date.now() }), []);
  return { toast, show, dismiss: useCallback(() => setToast(null), []) };
}

/** The toast region: always in the page so screen readers announce what appears in it. */
export function Toast({ toast }: { toast: ToastMessage | null }) {
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toast ? (
        <p key={toast.id} className={`toast toast--${toast.tone}`}>
          {toast.text}
        </p>
      ) : null}
    </div>
  );
}
