import { Link } from 'react-router-dom';
import { useTranslation } from '@/i18n/translator';
import { useLocale } from '@/i18n/use-locale';
import { paths } from '@/config/paths';
import { formatEventDate, formatEventTime } from '@/lib/format';
import type { SeriesDatesFieldsFragment } from '@/gql/graphql';
import '@/features/online/components/online.css';

/** An event page's other dates of its series, from today on, each linked to its own page (each is its own event). */
export function SeriesDates({ event }: { event: Partial<SeriesDatesFieldsFragment> }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const dates = event.seriesDates ?? [];
  if (!event.seriesId || !dates.length) return null;
  return (
    <section className="series-dates" aria-labelledby="series-dates-heading">
      <h2 id="series-dates-heading">{t('series.heading')}</h2>
      <ul className="series-dates__list">
        {dates.map((d) => (
          <li key={d.id}>
            <Link to={paths.event.getHref(d.id)}>
              <time dateTime={`${d.date}T${d.time}`}>{t('events.dateTime', { date: formatEventDate(d.date, locale, 'long'), time: formatEventTime(d.time, locale) })}</time>
            </Link>
            {d.cancelled ? <span> ({t('series.cancelled')})</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
