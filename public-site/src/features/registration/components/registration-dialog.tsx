import { useTranslation } from '@/i18n/translator';
import { LoadingDialog } from '@/components/ui/loading-dialog';
import { lazyPart } from '@/rendering/lazy-part';
import type { RegistrationCategory } from '../lib/category';

// The dialog's form, mutations, code step and modal are their own chunk, fetched when a card opens it
// (or, a moment earlier, when the pointer or the focus reaches a card's button: preloadRegistrationDialog).
const RegistrationForm = lazyPart(() => import('./registration-form'), { data: 'now' });

/** Starts fetching the dialog's chunk without opening it. */
export const preloadRegistrationDialog = () => RegistrationForm.preload().catch(() => undefined);

export interface RegistrationDialogProps {
  category: RegistrationCategory;
  open: boolean;
  onClose: () => void;
}

/** The two-step registration dialog (details, then the mailed code: POST /api/auth/register, /api/auth/verify-otp); mounted only while open, so each opening starts at step 1. */
export function RegistrationDialog({ category, open, onClose }: RegistrationDialogProps) {
  const { t } = useTranslation();
  if (!open) return null;
  return (
    <LoadingDialog onClose={onClose} loadingLabel={t('registration.loadingForm')}>
      <RegistrationForm category={category} onClose={onClose} />
    </LoadingDialog>
  );
}
