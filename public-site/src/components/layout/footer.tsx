import { Link } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { paths } from '@/config/paths';
import { organisation } from '@/config/organisation';
import { ServedText } from '@/rendering/served-text';
import { VisitorCounter } from '@/features/visitors/components/visitor-counter';

const FOOTER_LINKS = [
  { href: paths.registration.getHref(), label: 'nav.registration' },
  { href: paths.events.getHref(), label: 'nav.events' },
  { href: paths.about.getHref(), label: 'nav.about' },
  { href: paths.teams.getHref(), label: 'nav.team' },
  { href: paths.contact.getHref(), label: 'nav.contact' },
] as const;

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__about">
          <ServedText className="contents">
            <h2 className="site-footer__name">{t('org.programme')}</h2>
            <p className="site-footer__affiliation">{t('org.affiliation')}</p>
          </ServedText>
          <VisitorCounter />
          <a className="site-footer__social" href={organisation.facebook} target="_blank" rel="noopener noreferrer">
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
              <path
                fill="currentColor"
                d="M13.5 21v-7.5h2.5l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4c-.3 0-1.2-.1-2.2-.1-2.2 0-3.7 1.3-3.7 3.8v2.4H8v3h2.6V21z"
              />
            </svg>
            <span>{t('footer.followUs')}</span>
            <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
          </a>
        </section>
        {/* Text and links, kept as the server drew them while the page hydrates (a link then loads its page). */}
        <ServedText className="contents">
          {() => (
            <>
              <nav className="site-footer__links" aria-label={t('footer.linksHeading')}>
                <h2 className="site-footer__heading">{t('footer.linksHeading')}</h2>
                <ul>
                  {FOOTER_LINKS.map(({ href, label }) => (
                    <li key={href}>
                      <Link to={href}>{t(label)}</Link>
                    </li>
                  ))}
                </ul>
              </nav>
              <section className="site-footer__contact" aria-labelledby="footer-contact">
                <h2 className="site-footer__heading" id="footer-contact">
                  {t('footer.contactHeading')}
                </h2>
                <p>
                  <span className="site-footer__label">{t('footer.email')}: </span>
                  <a href={`mailto:${organisation.email}`}>{organisation.email}</a>
                </p>
                <ul className="site-footer__phones">
                  {organisation.phones.map((phone) => (
                    <li key={phone}>
                      <span className="site-footer__label">{t('footer.phone')}: </span>
                      <a href={`tel:${phone.replace(/\s+/g, '')}`}>{phone}</a>
                    </li>
                  ))}
                </ul>
              </section>
            </>
          )}
        </ServedText>
      </div>
      <ServedText as="p" className="site-footer__rights container">
        {t('footer.rights', { year })}
      </ServedText>
    </footer>
  );
}
