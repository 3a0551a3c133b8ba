import type { ButtonHTMLAttributes } from 'react';
import { useTranslation } from '@/i18n/translator';
import { Icon } from '@/components/ui/icon';

/** The signed-in user's button in the header: their name once known, 'Account' until then. */
export function AccountButton({ name, ...rest }: { name?: string } & ButtonHTMLAttributes<HTMLButtonElement>) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="button button--ghost user-menu__button"
      aria-label={name ? t('nav.userMenu', { name }) : undefined}
      {...rest}
    >
      <Icon name="user" size={20} />
      <span className="user-menu__name">{name || t('nav.account')}</span>
    </button>
  );
}
