import { lazy, Suspense } from 'react';
import type { RegistrationCategory } from '../lib/category';

// The dialog's form, mutations and modal are their own chunk, fetched when a card opens it.
const RegistrationForm = lazy(() => import('./registration-form'));

export interface RegistrationDialogProps {
  category: RegistrationCategory;
  open: boolean;
  onClose: () => void;
}

/** The two-step registration dialog (SPEC 2.5); mounted only while open, so each opening starts at step 1. */
export function RegistrationDialog({ category, open, onClose }: RegistrationDialogProps) {
  if (!open) return null;
  return (
    <Suspense fallback={<div className="modal-backdrop" aria-busy="true" />}>
      <RegistrationForm category={category} onClose={onClose} />
    </Suspense>
  );
}
