import { Link } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { DashboardStatsDocument } from '@/gql/graphql';
import { paths } from '@/config/paths';
import { en } from '@/i18n/en';
import { describeError } from '@/lib/errors';
import { daysAgo, formatEventDate, formatEventTime, formatPercent } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Loading } from '@/components/ui/loading';
import { PageHeader } from '@/components/ui/page-header';
import { categoryOneLabel, parseCategory } from '@/features/users/lib/categories';
import { StatCard } from './stat-card';
import '../dashboard.css';

const t = en.dashboard;

export function DashboardPage() {
  useDocumentTitle(t.title);
  const { data, loading, error, refetch } = useQuery(DashboardStatsDocument, { fetchPolicy: 'cache-and-network' });
  const stats = data?.dashboardStats;

  if (loading && !stats) return <Loading />;
  if (error && !stats) return <ErrorAlert message={describeError(error, en.errors.loadFailed)} onRetry={() => void refetch()} />;
  if (!stats) return <EmptyState>{en.errors.loadFailed}</EmptyState>;

  const now = new Date();
  const ended = stats.attendanceLastMonth;
  const running = stats.attendanceNow;
  return (
    <div className="dashboard">
      <PageHeader title={t.title} />

      <section aria-labelledby="user-trends" className="section">
        <h3 id="user-trends" className="section-title">
          {t.userTrends}
        </h3>
        <ul className="stat-grid">
          <StatCard label={t.siteVisiters} value={stats.visitorCount} tone="violet" />
          <StatCard label={t.totalUsers} value={stats.totalUsers} tone="blue" />
          <StatCard label={t.usersThisMonth} value={stats.usersThisMonth} tone="slate" />
          <StatCard label={t.usersThisYear} value={stats.usersThisYear} tone="slate" />
          <StatCard label={t.activeUsers} value={stats.activeUsers} tone="green" />
          <StatCard label={t.pendingUsers} value={stats.pendingUsers} tone="amber" />
          {stats.usersByCategory.map(({ category, count }) => {
            const value = parseCategory(category);
            const label = t.cardCategory[category.toUpperCase()] ?? categoryOneLabel(category);
            const title = t.usersIn(label);
            return (
              <StatCard
                key={category}
                label={title}
                value={count}
                tone="blue"
                to={value ? paths.users.getHref(value) : undefined}
              />
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="event-trends" className="section">
        <h3 id="event-trends" className="section-title">
          {t.eventTrends}
        </h3>
        <ul className="stat-grid">
          <StatCard label={t.eventsTotal} value={stats.eventsTotal} tone="blue" />
          <StatCard label={t.eventsUpcoming} value={stats.eventsUpcoming} tone="green" />
          <StatCard label={t.eventsActive} value={stats.eventsActive} tone="amber" />
          <StatCard label={t.eventsThisMonth} value={stats.eventsThisMonth} tone="slate" />
          <StatCard label={t.eventsThisYear} value={stats.eventsThisYear} tone="slate" />
          <StatCard label={t.peopleWaiting} value={stats.peopleWaiting} tone="violet" />
        </ul>
      </section>

      <section aria-labelledby="attendance-trends" className="section">
        <h3 id="attendance-trends" className="section-title">
          {t.attendanceTitle}
        </h3>
        {ended.events === 0 && running.events === 0 ? (
          <EmptyState>{t.attendanceNone}</EmptyState>
        ) : (
          <>
          <ul className="stat-grid">
              {/* A running event's door is still open: its check-ins are counted apart from the ended events' rate. */}
              {running.events > 0 && <StatCard label={t.checkedInNow} value={running.checkedIn} hint={t.checkedInNowHint(running.registered, running.events)} tone="amber" />}
              {ended.events > 0 && (
                <>
                  <StatCard label={t.attendanceRate} value={ended.rate} display={formatPercent(ended.rate)} hint={t.attendanceRateHint} tone="green" />
                  <StatCard label={t.attendanceCheckedIn} value={ended.checkedIn} hint={t.attendanceEndedHint} tone="blue" />
                  <StatCard label={t.attendanceRegistered} value={ended.registered} hint={t.attendanceEndedHint} tone="slate" />
                  <StatCard label={t.attendanceEvents} value={ended.events} hint={t.attendanceEventsHint} tone="slate" />
                </>
              )}
          </ul>
            {ended.events === 0 && <p className="muted small">{t.attendanceNoneEnded}</p>}
          </>
        )}
      </section>

      <div className="dashboard-lists">
        <section aria-labelledby="recent-registrations" className="card">
          <h3 id="recent-registrations" className="card-title">
            {t.recentRegistrations}
          </h3>
          {stats.recentRegistrations.length === 0 ? (
            <EmptyState>{t.noRecentRegistrations}</EmptyState>
          ) : (
            <ul className="plain-list">
              {stats.recentRegistrations.map((user) => (
                <li key={user.id} className="plain-list-item">
                  <div>
                    <Link to={paths.userEdit.getHref(user.id)} className="strong-link">
                      {user.name}
                    </Link>
                    <div className="muted small">
                      {user.email} · {categoryOneLabel(user.category)}
                    </div>
                  </div>
                  <span className="muted small">{t.registeredDaysAgo(daysAgo(user.createdAt, now))}</span>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="upcoming-events" className="card">
          <h3 id="upcoming-events" className="card-title">
            {t.upcomingEvents}
          </h3>
          {stats.upcomingEvents.length === 0 ? (
            <EmptyState>{t.noUpcomingEvents}</EmptyState>
          ) : (
            <ul className="plain-list">
              {stats.upcomingEvents.map((event) => (
                <li key={event.id} className="plain-list-item">
                  <div>
                    <span className="strong">{event.title}</span>
                    <div className="muted small">
                      {formatEventDate(event.date)} · {formatEventTime(event.time)} · {t.registrations(event.registeredCount)}
                    </div>
                  </div>
                  <Link to={paths.eventView.getHref(event.id)} className="btn btn-small btn-secondary" aria-label={t.detailsFor(event.title)}>
                    {en.common.details}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

export default DashboardPage;
