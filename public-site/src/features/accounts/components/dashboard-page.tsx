import { Link } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { adminDashboardUrl } from '@/config/env';
import { paths } from '@/config/paths';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Loading } from '@/components/ui/loading';
import { useEvents } from '@/features/events/api/use-events';
import { formatEventDate, formatEventTime } from '@/lib/format';
import { useLocale } from '@/i18n/use-locale';
import { useMe } from '../api/use-me';
import './accounts.css';

function UpcomingEvents() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { data, loading, error } = useEvents({ when: 'UPCOMING' }, 6);
  const items = data?.events.items ?? [];
  let body;
  if (loading && !data) body = <Loading label={t('events.loading')} />;
  else if (error) body = <ErrorAlert>{t('dashboard.eventsError')}</ErrorAlert>;
  else if (!items.length) body = <EmptyState title={t('dashboard.noUpcoming')} />;
  else
    body = (
      <ul className="dashboard-events">
        {items.map((event) => (
          <li key={event.id} className="dashboard-events__item">
            <Link to={paths.event.getHref(event.id)}>{event.title}</Link>
            <span className="dashboard-events__when">
              {t('events.dateTime', {
                date: formatEventDate(event.date, locale),
                time: formatEventTime(event.time, locale),
              })}
            </span>
          </li>
        ))}
      </ul>
    );
  return (
    <section className="card" aria-labelledby="dashboard-upcoming">
      <h2 className="card-title" id="dashboard-upcoming">
        {t('dashboard.upcomingHeading')}
      </h2>
      {body}
    </section>
  );
}

/** /dashboard: greeting, upcoming events, quick links, account status. Open to guests. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { data, signedIn, loading } = useMe();
  const me = signedIn ? data?.me : undefined;
  const isAdmin = me?.category === 'ADMIN' || me?.category === 'SUPERADMIN';
  const name = me?.name ?? (signedIn && loading ? '' : t('dashboard.guest'));

  const links = [
    { to: paths.events.getHref(), key: 'events' },
    { to: paths.register.getHref(), key: 'register' },
    { to: paths.login.getHref(), key: 'login' },
    { to: paths.about.getHref(), key: 'about' },
    { to: paths.contact.getHref(), key: 'contact' },
    ...(signedIn
      ? [
          { to: paths.profile.getHref(), key: 'profile' },
          { to: paths.settings.getHref(), key: 'settings' },
        ]
      : []),
  ];

  return (
    <div className="container section">
      <header className="page-header">
        <h1 className="page-title">
          {t('dashboard.welcome', { name })}
          {!signedIn ? <span className="dashboard__guest"> {t('dashboard.guestUser')}</span> : null}
        </h1>
        <p className="page-lead">{t('dashboard.intro')}</p>
      </header>
      <div className="dashboard-grid">
        <UpcomingEvents />
        <div className="stack">
          <section className="card" aria-labelledby="dashboard-status">
            <h2 className="card-title" id="dashboard-status">
              {t('dashboard.statusHeading')}
            </h2>
            {signedIn ? (
              <>
                <p>
                  <span className="badge badge--approved">{t('dashboard.verified')}</span>
                </p>
                {me ? <p>{t('dashboard.verifiedText', { email: me.email })}</p> : null}
              </>
            ) : (
              <>
                <p>
                  <span className="badge badge--pending">{t('dashboard.guestAccess')}</span>
                </p>
                <p>{t('dashboard.guestText')}</p>
                <p className="link-list">
                  <Link className="button button--primary" to={paths.register.getHref()}>
                    {t('dashboard.registerPrompt')}
                  </Link>
                  <Link className="button button--secondary" to={paths.login.getHref()}>
                    {t('dashboard.loginPrompt')}
                  </Link>
                </p>
              </>
            )}
          </section>
          <nav className="card" aria-labelledby="dashboard-links">
            <h2 className="card-title" id="dashboard-links">
              {t('dashboard.linksHeading')}
            </h2>
            <ul className="link-list">
              {links.map((l) => (
                <li key={l.key}>
                  <Link className="button button--ghost" to={l.to}>
                    {t(`dashboard.links.${l.key}`)}
                  </Link>
                </li>
              ))}
              {isAdmin ? (
                <li>
                  <a className="button button--secondary" href={adminDashboardUrl()}>
                    {t('dashboard.links.admin')}
                  </a>
                </li>
              ) : null}
            </ul>
          </nav>
        </div>
      </div>
    </div>
  );
}
