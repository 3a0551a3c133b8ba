import { Suspense, useEffect, useRef } from 'react';
import { matchRoutes, Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Loading } from '@/components/ui/loading';
import { Header } from './header';
import { Footer } from './footer';
import './layout.css';

interface TitledRoute {
  path: string;
  titleKey?: string;
}

/** Sets document.title from the matched route's titleKey (pages without one set their own). */
function RouteTitle({ routes }: { routes: readonly TitledRoute[] }) {
  const { t } = useTranslation();
  const location = useLocation();
  const key = (matchRoutes([...routes], location)?.at(-1)?.route as TitledRoute | undefined)?.titleKey;
  return key ? <DocumentTitle title={t(key)} /> : null;
}

function DocumentTitle({ title }: { title: string }) {
  useDocumentTitle(title);
  return null;
}

/**
 * New page, new scroll position (unless jumping to an anchor). Not for the page the document was loaded
 * at: the browser has placed it (top, or where a reload or Back left it), and a reader who scrolled while
 * the script was on its way stays where they are.
 */
function useScrollToTop() {
  const { pathname, hash } = useLocation();
  const shown = useRef({ pathname, hash });
  useEffect(() => {
    if (shown.current.pathname === pathname && shown.current.hash === hash) return;
    shown.current = { pathname, hash };
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
}

export function RootLayout({ routes }: { routes: readonly TitledRoute[] }) {
  const { t } = useTranslation();
  useScrollToTop();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <RouteTitle routes={routes} />
      <Header />
      <main id="main" className="app-main" tabIndex={-1}>
        <Suspense fallback={<Loading label={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
