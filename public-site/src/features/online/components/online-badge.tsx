import { useTranslation } from '@/i18n/translator';
import './online.css';

/** "Online" beside an event that has an online meeting (the link itself only for registrants). */
export function OnlineBadge({ event }: { event: { isOnline?: boolean | null } }) {
  const { t } = useTranslation();
  return event.isOnline ? <span className="online-badge">{t('online.badge')}</span> : null;
}
