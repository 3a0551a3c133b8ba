import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegistrationCategory } from '../lib/category';
import './registration.css';

export interface RegistrationDialogProps {
  category: RegistrationCategory;
  open: boolean;
  onClose: () => void;
}

/**
 * Placeholder of the two-step registration dialog (SPEC 2.5). The accounts work replaces the body;
 * the props stay the same.
 */
export function RegistrationDialog({ category, open, onClose }: RegistrationDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [open, onClose]);

  if (!open) return null;
  const programme = t(`programmes.${category}.title`);
  return (
    <div className="modal-backdrop" onClick={onClose}>
      <div
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-category={category}
        onClick={(e) => e.stopPropagation()}
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {t('registration.dialogTitle', { programme })}
          </h2>
          <button ref={closeRef} type="button" className="icon-button" onClick={onClose} aria-label={t('common.close')}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <p className="modal__category">{t('registration.selectedCategory', { programme })}</p>
        <p>{t('registration.dialogComingSoon')}</p>
      </div>
    </div>
  );
}
