import { useTranslation } from '@/i18n/translator';
import { organisation } from '@/config/organisation';

export function ContactInfo() {
  const { t } = useTranslation();
  return (
    <aside className="contact-info" aria-labelledby="contact-info-title">
      <h2 className="card-title" id="contact-info-title">
        {t('contact.infoHeading')}
      </h2>
      <dl className="contact-info__list">
        <div>
          <dt>{t('contact.office')}</dt>
          <dd>
            <address>{t('contact.address')}</address>
          </dd>
        </div>
        <div>
          <dt>{t('contact.phoneLabel')}</dt>
          <dd>
            <a href={`tel:${organisation.officePhone.replace(/\s+/g, '')}`}>{organisation.officePhone}</a>
          </dd>
        </div>
        <div>
          <dt>{t('contact.faxLabel')}</dt>
          <dd>{organisation.fax}</dd>
        </div>
        <div>
          <dt>{t('contact.emailLabel')}</dt>
          <dd>
            <a href={`mailto:${organisation.email}`}>{organisation.email}</a>
          </dd>
        </div>
        <div>
          <dt>{t('contact.hoursHeading')}</dt>
          <dd>
            <p>{t('contact.weekdays')}</p>
            <p>{t('contact.weekend')}</p>
          </dd>
        </div>
      </dl>
    </aside>
  );
}
