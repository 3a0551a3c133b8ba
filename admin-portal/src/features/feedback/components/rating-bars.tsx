import { en } from '@/i18n/en';
import { formatNumber } from '@/lib/format';

const t = en.feedback;

/**
 * How many gave each rating, as horizontal CSS bars. The bars are decoration (aria-hidden); the table
 * beside them carries the same numbers for screen readers and anyone who prefers figures.
 */
export function RatingBars({ id, title, distribution }: { id: string; title: string; distribution: readonly number[] }) {
  const max = Math.max(1, ...distribution);
  return (
    <figure className="rating-bars" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="strong">
        {t.distributionTitle(title)}
      </figcaption>
      <div className="rating-bars__chart" aria-hidden="true">
        {distribution.map((count, i) => (
          <div key={i} className="rating-bars__row">
            <span className="rating-bars__label">{i + 1}</span>
            <span className="rating-bars__track">
              <span className="rating-bars__bar" style={{ width: `${(count / max) * 100}%` }} />
            </span>
            <span className="rating-bars__count">{formatNumber(count)}</span>
          </div>
        ))}
      </div>
      <table className="table table-compact visually-hidden-table">
        <caption className="visually-hidden">{t.distributionTitle(title)}</caption>
        <thead>
          <tr>
            <th scope="col">{t.rating}</th>
            <th scope="col">{t.count}</th>
          </tr>
        </thead>
        <tbody>
          {distribution.map((count, i) => (
            <tr key={i}>
              <th scope="row">{i + 1}</th>
              <td>{formatNumber(count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
