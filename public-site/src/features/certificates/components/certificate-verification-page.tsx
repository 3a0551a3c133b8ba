import { useParams } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import type { VerifyCertificateQuery } from '@/gql/graphql';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Loading } from '@/components/ui/loading';
import { errorCode } from '@/lib/errors';
import { formatMomentDate } from '@/lib/date-time';
import { useLocale } from '@/i18n/use-locale';
import { useVerifyCertificate } from '../api/use-verify-certificate';
import './certificates.css';

type Verification = VerifyCertificateQuery['verifyCertificate'];

function Result({ certificate }: { certificate: Verification }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const revoked = Boolean(certificate.revokedAt) || !certificate.valid;
  return (
    <>
      {revoked ? (
        <p className="alert alert--error certificate-check__status" role="status">
          {certificate.revokedAt
            ? t('certificate.revoked', { date: formatMomentDate(certificate.revokedAt, locale) })
            : t('certificate.notValid')}
        </p>
      ) : (
        <p className="alert alert--success certificate-check__status" role="status">
          {t('certificate.valid')}
        </p>
      )}
      <dl className="certificate-check__facts">
        <div className="fact">
          <dt>{t('certificate.participant')}</dt>
          <dd>{certificate.participantName}</dd>
        </div>
        <div className="fact">
          <dt>{t('certificate.event')}</dt>
          <dd>{certificate.eventTitle}</dd>
        </div>
        <div className="fact">
          <dt>{t('certificate.eventDate')}</dt>
          <dd>
            <time dateTime={certificate.eventDate}>{formatMomentDate(certificate.eventDate, locale)}</time>
          </dd>
        </div>
        {certificate.eventPlace ? (
          <div className="fact">
            <dt>{t('certificate.place')}</dt>
            <dd>{certificate.eventPlace}</dd>
          </div>
        ) : null}
        <div className="fact">
          <dt>{t('certificate.issued')}</dt>
          <dd>
            <time dateTime={certificate.issuedAt}>{formatMomentDate(certificate.issuedAt, locale)}</time>
          </dd>
        </div>
        <div className="fact">
          <dt>{t('certificate.code')}</dt>
          <dd className="certificate-check__code">{certificate.code}</dd>
        </div>
      </dl>
    </>
  );
}

/**
 * /certificates/:code — the public check of a certificate (the QR code / link printed on it): whether
 * it is valid, for whom, which event and when it was issued. Not prerendered: it depends on the code.
 */
export default function CertificateVerificationPage() {
  const { t } = useTranslation();
  const { code: raw = '' } = useParams();
  const code = raw.trim();
  const { data, loading, error } = useVerifyCertificate(code);

  let body;
  if (data?.verifyCertificate) {
    body = <Result certificate={data.verifyCertificate} />;
  } else if (error || !code) {
    const kind = !code ? 'NOT_FOUND' : errorCode(error);
    body = (
      <ErrorAlert>
        {kind === 'NOT_FOUND' || kind === 'VALIDATION'
          ? t('certificate.notFound')
          : kind === 'RATE_LIMITED'
            ? t('certificate.rateLimited')
            : t('certificate.fetchError')}
      </ErrorAlert>
    );
  } else if (loading) {
    body = <Loading label={t('certificate.loading')} />;
  }

  return (
    <div className="container section certificate-check">
      <div className="card certificate-check__card">
        <h1 className="page-title certificate-check__title">{t('certificate.heading')}</h1>
        {body}
      </div>
    </div>
  );
}
