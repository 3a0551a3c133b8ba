import { useTranslation } from '@/i18n/translator';
import { ContactForm } from './contact-form';
import { ContactInfo } from './contact-info';
import './contact.css';

export function ContactPage() {
  const { t } = useTranslation();
  return (
    <div className="container section">
      <header className="page-header">
        <h1 className="page-title">{t('contact.heading')}</h1>
        <p className="page-lead">{t('contact.intro')}</p>
      </header>
      <div className="contact-layout">
        <div className="card">
          <ContactForm />
        </div>
        <ContactInfo />
      </div>
    </div>
  );
}
