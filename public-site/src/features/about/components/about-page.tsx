import { Link } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { paths } from '@/config/paths';
import { Icon } from '@/components/ui/icon';
import { organisation } from '@/config/organisation';
import { formatNumber } from '@/lib/format';
import { useLocale } from '@/i18n/use-locale';
import './about.css';

const impacts = [
  { key: 'Education', icon: 'book' as const },
  { key: 'Empowerment', icon: 'hands' },
  { key: 'Welfare', icon: 'heart' },
] as const;

const programmes = ['graduate', 'secondary', 'primary'] as const;

export function AboutPage() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <div className="about">
      <section className="about-hero">
        <div className="container">
          <h1 className="page-title">{t('about.heading')}</h1>
          <p className="page-lead">{t('about.lead')}</p>
          <ul className="stats">
            <li className="stat">
              <span className="stat__value">{formatNumber(organisation.members, locale)}+</span>
              <span className="stat__label">{t('about.membersStat')}</span>
            </li>
            <li className="stat">
              <span className="stat__value">{organisation.foundedYear}</span>
              <span className="stat__label">{t('about.foundedStat')}</span>
            </li>
            <li className="stat">
              <span className="stat__value">{formatNumber(3, locale)}</span>
              <span className="stat__label">{t('about.programmesStat')}</span>
            </li>
          </ul>
        </div>
      </section>

      <section className="container section prose" aria-labelledby="about-history">
        <h2 id="about-history" className="section-title">
          {t('about.historyHeading')}
        </h2>
        <p>{t('about.history')}</p>
      </section>

      <section className="container section" aria-labelledby="about-mission">
        <h2 id="about-mission" className="section-title">
          {t('about.missionHeading')}
        </h2>
        <p>{t('about.missionIntro')}</p>
        <ul className="impact-grid">
          {impacts.map(({ key, icon }) => (
            <li key={key} className="impact">
              <span className="impact__icon">
                <Icon name={icon} />
              </span>
              <h3 className="impact__title">{t(`about.impact${key}`)}</h3>
              <p>{t(`about.impact${key}Text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="container section" aria-labelledby="about-programmes">
        <h2 id="about-programmes" className="section-title">
          {t('about.programmesHeading')}
        </h2>
        <ul className="about-programmes">
          {programmes.map((p) => (
            <li key={p}>
              <h3>{t(`programmes.${p}.title`)}</h3>
              <p className="about-programmes__subtitle">{t(`programmes.${p}.subtitle`)}</p>
              <p>{t(`programmes.${p}.description`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="about-story" aria-labelledby="about-beginnings">
        <div className="container prose">
          <h2 id="about-beginnings" className="section-title">
            {t('about.beginningsHeading')}
          </h2>
          <p>{t('about.beginnings1')}</p>
          <p>{t('about.beginnings2')}</p>
          <p>{t('about.beginnings3')}</p>
        </div>
      </section>

      <section className="container section about-join" aria-labelledby="about-join">
        <h2 id="about-join" className="section-title">
          {t('about.joinHeading')}
        </h2>
        <p>{t('about.joinText')}</p>
        <p className="about-join__actions">
          <Link className="button button--primary" to={paths.registration.getHref()}>
            {t('about.joinCta')}
          </Link>
          <Link className="button button--secondary" to={paths.contact.getHref()}>
            {t('about.contactCta')}
          </Link>
        </p>
      </section>
    </div>
  );
}
