import { useState } from 'react';
import { useTranslation } from '@/i18n/translator';
import type { MyEventPassQuery } from '@/gql/graphql';
import { formatMoment } from '@/lib/date-time';
import { useLocale } from '@/i18n/use-locale';
import { useMyEventPass } from '../api/use-my-event-pass';
import { CertificateDownloadFailure, downloadCertificate } from '../lib/download-certificate';

type PassEvent = MyEventPassQuery['event'];

/** The QR code as an image: the SVG from our API goes into a data URL, never into the DOM as markup. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function CheckInPass({ checkIn }: { checkIn: NonNullable<PassEvent['myCheckIn']> }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const checkedIn = checkIn.checkedInAt ? formatMoment(checkIn.checkedInAt, locale, 'short') : null;
  return (
    <section className="event-pass__checkin" aria-labelledby="event-pass-heading">
      <h2 id="event-pass-heading" className="event-pass__title">
        {t('eventPass.heading')}
      </h2>
      <p className="event-pass__code" data-testid="check-in-code">
        {t('eventPass.code', { code: checkIn.code })}
      </p>
      <img
        className="event-pass__qr"
        src={svgDataUrl(checkIn.qrSvg)}
        alt={t('eventPass.qrAlt', { code: checkIn.code })}
        width={200}
        height={200}
      />
      {checkedIn ? (
        <p className="alert alert--success event-pass__checked-in">{t('eventPass.checkedInAt', checkedIn)}</p>
      ) : (
        <p className="event-pass__hint">{t('eventPass.hint')}</p>
      )}
    </section>
  );
}

type Certificate = Pick<NonNullable<PassEvent['myCertificate']>, 'code' | 'downloadUrl'>;

/**
 * Download certificate: the PDF fetched with the viewer's token and saved. `eventTitle` goes into the
 * accessible name where several such buttons share a page (My events).
 */
export function CertificateDownloadButton({ certificate, eventTitle }: { certificate: Certificate; eventTitle?: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadCertificate(certificate.downloadUrl, `certificate-${certificate.code}.pdf`);
    } catch (e) {
      const reason = e instanceof CertificateDownloadFailure ? e.reason : 'UNAVAILABLE';
      setError(t(`eventPass.downloadErrors.${reason}`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="certificate-download">
      <button type="button" className="button button--primary" onClick={download} disabled={busy} aria-busy={busy}>
        {busy ? t('eventPass.downloading') : t('eventPass.download')}
        {eventTitle ? <span className="visually-hidden"> {t('myEvents.forEvent', { title: eventTitle })}</span> : null}
      </button>
      {error ? (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function CertificatePanel({ certificate }: { certificate: NonNullable<PassEvent['myCertificate']> }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const issued = formatMoment(certificate.issuedAt, locale, 'short').date;
  return (
    <section className="event-pass__certificate" aria-labelledby="event-certificate-heading">
      <h2 id="event-certificate-heading" className="event-pass__title">
        {t('eventPass.certificateHeading')}
      </h2>
      {certificate.revoked ? (
        <p className="alert alert--error">{t('eventPass.certificateRevoked')}</p>
      ) : (
        <>
          <p className="event-pass__hint">{t('eventPass.certificateIssued', { date: issued, code: certificate.code })}</p>
          <CertificateDownloadButton certificate={certificate} />
        </>
      )}
    </section>
  );
}

/**
 * The signed-in viewer's own part of an event page: the check-in code and QR code to show at the
 * door (registered viewers), 'Checked in at …' once scanned, and the certificate once issued.
 * Shows nothing while loading or when the API has nothing for them; an error leaves the page as it is.
 */
export function MyEventPass({ eventId }: { eventId: string }) {
  const { data } = useMyEventPass(eventId);
  const event = data?.event;
  if (!event || (!event.myCheckIn && !event.myCertificate)) return null;
  return (
    <div className="event-pass">
      {event.myCheckIn ? <CheckInPass checkIn={event.myCheckIn} /> : null}
      {event.myCertificate ? <CertificatePanel certificate={event.myCertificate} /> : null}
    </div>
  );
}
