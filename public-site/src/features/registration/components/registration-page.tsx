import { useTranslation } from '@/i18n/translator';
import { ProgrammeCards } from './programme-cards';
import './registration.css';

export function RegistrationPage() {
  const { t } = useTranslation();
  return (
    <>
      <section className="welcome-banner">
        <div className="container">
          <p className="eyebrow eyebrow--light">{t('org.programme')}</p>
          <h1 className="page-title">{t('registration.welcomeHeading')}</h1>
          <p className="page-lead">{t('registration.welcomeText')}</p>
        </div>
      </section>
      <section className="container section" aria-label={t('home.programmesHeading')}>
        <ProgrammeCards headingLevel={2} />
        <p className="registration__note">{t('registration.primaryNote')}</p>
      </section>
    </>
  );
}
