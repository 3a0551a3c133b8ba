import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useApolloClient } from '@apollo/client/react';
import { paths } from '@/config/paths';
import { en } from '@/i18n/en';
import { integrations } from '@/features/integrations/strings';
import { messages } from '@/features/messages/strings';
import { reports } from '@/features/reports/strings';
import { clearSession } from '@/lib/session';

const n = en.layout.nav;

export const navItems = [
  { to: paths.dashboard.getHref(), label: n.dashboard, icon: '◧', match: [paths.admin.path, paths.dashboard.path] },
  { to: paths.users.getHref(), label: n.users, icon: '☰' },
  { to: paths.students.getHref(), label: n.students, icon: '✓' },
  { to: paths.teachers.getHref(), label: n.teachers, icon: '✓' },
  { to: paths.events.getHref(), label: n.events, icon: '▦' },
  { to: paths.impactReport.getHref(), label: reports.nav, icon: '▤' },
  { to: paths.team.getHref(), label: n.team, icon: '☺' },
  { to: paths.contacts.getHref(), label: n.contacts, icon: '✉' },
  { to: paths.messages.getHref(), label: messages.nav, icon: '✎' },
  { to: paths.audit.getHref(), label: n.audit, icon: '≡' },
  { to: paths.jobs.getHref(), label: n.jobs, icon: '⟳' },
  { to: paths.apiKeys.getHref(), label: integrations.nav.apiKeys, icon: '⚿' },
  { to: paths.webhooks.getHref(), label: integrations.nav.webhooks, icon: '⇢' },
] as const;

interface Props {
  id: string;
  open: boolean;
  onNavigate: () => void;
}

export function Sidebar({ id, open, onNavigate }: Props) {
  const navigate = useNavigate();
  const client = useApolloClient();
  const { pathname } = useLocation();
  const onAdminIndex = pathname.replace(/\/$/, '') === paths.admin.path;

  // The older portal's Logout went to '/', but '/' is not a page of this app (it redirects to
  // /admin, which would bounce to the sign-in page anyway): go straight to /admin/login.
  const logout = async () => {
    clearSession();
    await client.clearStore();
    navigate(paths.login.getHref(), { replace: true });
  };

  return (
    <aside id={id} className={`sidebar${open ? ' sidebar-open' : ''}`}>
      <div className="sidebar-brand">
        <img src="/favicon.svg" alt="" width="28" height="28" />
        <span>{en.app.name}</span>
      </div>
      <nav aria-label={en.layout.navLabel}>
        <ul className="sidebar-nav">
          {navItems.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                onClick={onNavigate}
                className={({ isActive }) =>
                  `sidebar-link${isActive || ('match' in item && onAdminIndex) ? ' active' : ''}`
                }
                aria-current={'match' in item && onAdminIndex ? 'page' : undefined}
              >
                <span className="sidebar-icon" aria-hidden="true">
                  {item.icon}
                </span>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="sidebar-bottom">
        <button type="button" className="sidebar-link sidebar-logout" onClick={logout}>
          <span className="sidebar-icon" aria-hidden="true">
            ⎋
          </span>
          {n.logout}
        </button>
      </div>
    </aside>
  );
}
