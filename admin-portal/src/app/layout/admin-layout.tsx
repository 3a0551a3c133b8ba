import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { en } from '@/i18n/en';
import { Loading } from '@/components/ui/loading';
import { useAdmin } from '@/features/auth/components/admin-session';
import { Sidebar } from './sidebar';

const SIDEBAR_ID = 'admin-sidebar';

/** Sidebar, header 'Dashboard Overview', the page, and the footer 'Admin Dashboard'. */
export function AdminLayout() {
  const admin = useAdmin();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <div className="admin-shell">
      <a className="skip-link" href="#main">
        {en.app.skipToContent}
      </a>
      <Sidebar id={SIDEBAR_ID} open={menuOpen} onNavigate={() => setMenuOpen(false)} />
      {menuOpen && <div className="sidebar-backdrop" aria-hidden="true" onClick={() => setMenuOpen(false)} />}
      <div className="admin-main">
        <header className="admin-header">
          <button
            type="button"
            className="menu-button"
            aria-expanded={menuOpen}
            aria-controls={SIDEBAR_ID}
            aria-label={menuOpen ? en.layout.closeMenu : en.layout.openMenu}
            onClick={() => setMenuOpen((o) => !o)}
          >
            <span aria-hidden="true">☰</span>
          </button>
          <h1 className="admin-header-title">{en.layout.header}</h1>
          {admin && (
            <p className="admin-header-user" title={admin.email}>
              {en.layout.signedInAs(admin.name)}
            </p>
          )}
        </header>
        <main id="main" className="admin-content" tabIndex={-1}>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </main>
        <footer className="admin-footer">{en.layout.footer}</footer>
      </div>
    </div>
  );
}
