import { Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { paths } from '@/config/paths';
import { lazyPart } from '@/rendering/lazy-part';
import { AccountButton } from './account-button';
import { useAuthToken } from '@/lib/auth-token';
import { LanguageSwitch } from './language-switch';
import { useDisclosure } from './use-disclosure';
import { Icon } from '@/components/ui/icon';

// The signed-in user's menu reads their name from the API: it comes with the data layer, which a
// signed-in visit loads at once (main.tsx); until then the header shows the account button alone.
const UserMenu = lazyPart(() => import('./user-menu'), { data: 'when-wanted' });

function Brand() {
  const { t } = useTranslation();
  return (
    <Link to={paths.home.getHref()} className="brand">
      <img className="brand__logo" src="/favicon.svg" alt="" width="40" height="40" />
      <span className="brand__text">
        <span className="brand__name">{t('org.programme')}</span>
        <span className="brand__org">{t('org.name')}</span>
      </span>
    </Link>
  );
}

function HomeMenu() {
  const { t } = useTranslation();
  const menu = useDisclosure<HTMLLIElement>();
  return (
    <li className="nav__item nav__item--menu" ref={menu.ref}>
      <button
        type="button"
        className="nav__link nav__menu-button"
        aria-expanded={menu.open}
        aria-controls="home-menu"
        aria-haspopup="true"
        onClick={menu.toggle}
      >
        {t('nav.home')}
        <span className="nav__caret" aria-hidden="true">
          <Icon name="chevron-down" size="1em" strokeWidth={2.5} />
        </span>
      </button>
      <ul id="home-menu" className="dropdown" hidden={!menu.open} aria-label={t('nav.homeMenu')}>
        <li>
          <Link className="dropdown__link" to={paths.home.getHref()} onClick={menu.close}>
            {t('nav.home')}
          </Link>
        </li>
        <li>
          <Link className="dropdown__link" to={paths.registration.getHref()} onClick={menu.close}>
            {t('nav.registration')}
          </Link>
        </li>
        <li>
          <Link className="dropdown__link" to={paths.events.getHref()} onClick={menu.close}>
            {t('nav.events')}
          </Link>
        </li>
      </ul>
    </li>
  );
}

const mainLinks = [
  { to: paths.events.getHref(), key: 'nav.events' },
  { to: paths.about.getHref(), key: 'nav.about' },
  { to: paths.teams.getHref(), key: 'nav.team' },
  { to: paths.contact.getHref(), key: 'nav.contact' },
] as const;

/**
 * Browsers with the popover API open the phone menu themselves (`popovertarget`): the button works from
 * the first paint, seconds before a cheap phone has loaded the app, and Escape or a tap outside closes
 * it. Elsewhere React opens it once the app runs (`data-open`).
 */
const popoverSupported = typeof HTMLElement !== 'undefined' && 'popover' in HTMLElement.prototype;
const isOpenPopover = (el: HTMLElement | null) => popoverSupported && !!el?.matches(':popover-open');

export function Header() {
  const { t } = useTranslation();
  const location = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const mobileMenu = useRef<HTMLElement>(null);
  const signedIn = Boolean(useAuthToken());

  // Opened before the app ran: say so (the button's label and aria-expanded).
  useEffect(() => setMobileOpen(isOpenPopover(mobileMenu.current)), []);

  // Close the mobile menu after navigating (not when the page first runs: it may have been opened already).
  const menuPath = useRef(location.pathname);
  useEffect(() => {
    if (menuPath.current === location.pathname) return;
    menuPath.current = location.pathname;
    setMobileOpen(false);
    if (isOpenPopover(mobileMenu.current)) mobileMenu.current?.hidePopover();
  }, [location.pathname]);

  const navClass = ({ isActive }: { isActive: boolean }) => `nav__link${isActive ? ' nav__link--active' : ''}`;

  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <Brand />
        <nav className="nav nav--desktop" aria-label={t('nav.mainLabel')}>
          <ul className="nav__list">
            <HomeMenu />
            {mainLinks.map((l) => (
              <li className="nav__item" key={l.to}>
                <NavLink to={l.to} className={navClass}>
                  {t(l.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__actions">
          <LanguageSwitch />
          {signedIn ? (
            <Suspense fallback={<AccountButton disabled />}>
              <UserMenu />
            </Suspense>
          ) : (
            <Link to={paths.login.getHref()} className="button button--ghost header-login">
              {t('nav.login')}
            </Link>
          )}
          {signedIn ? null : (
            <Link to={paths.registration.getHref()} className="button button--primary header-cta">
              {t('nav.registerCta')}
            </Link>
          )}
          <button
            type="button"
            className="hamburger"
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            aria-label={mobileOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            popoverTarget="mobile-menu"
            onClick={popoverSupported ? undefined : () => setMobileOpen((o) => !o)}
          >
            <span className="hamburger__bar" aria-hidden="true" />
            <span className="hamburger__bar" aria-hidden="true" />
            <span className="hamburger__bar" aria-hidden="true" />
          </button>
        </div>
      </div>
      <nav
        id="mobile-menu"
        ref={mobileMenu}
        className="mobile-menu"
        popover="auto"
        data-open={mobileOpen || undefined}
        onToggle={(e) => setMobileOpen(e.newState === 'open')}
        aria-label={t('nav.mainLabel')}
      >
        <ul className="mobile-menu__list container">
          <li>
            <NavLink to={paths.home.getHref()} end className={navClass}>
              {t('nav.home')}
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.registration.getHref()} className={navClass}>
              {t('nav.registration')}
            </NavLink>
          </li>
          {mainLinks.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} className={navClass}>
                {t(l.key)}
              </NavLink>
            </li>
          ))}
          {signedIn ? (
            <>
              <li>
                <NavLink to={paths.profile.getHref()} className={navClass}>
                  {t('nav.profile')}
                </NavLink>
              </li>
              <li>
                <NavLink to={paths.myEvents.getHref()} className={navClass}>
                  {t('nav.myEvents')}
                </NavLink>
              </li>
              <li>
                <NavLink to={paths.logout.getHref()} className={navClass}>
                  {t('nav.logout')}
                </NavLink>
              </li>
            </>
          ) : (
            <li>
              <NavLink to={paths.login.getHref()} className={navClass}>
                {t('nav.login')}
              </NavLink>
            </li>
          )}
          <li className="mobile-menu__lang">
            <LanguageSwitch />
          </li>
        </ul>
      </nav>
    </header>
  );
}
