import type { ReactNode } from 'react';

interface Props {
  id: string;
  caption: string;
  chart: ReactNode;
  /** The same figures as a table: what a screen reader reads (the chart is aria-hidden). */
  table: ReactNode;
  /** The table under the chart rather than beside it (a wide table: the month-by-month figures). */
  stacked?: boolean;
}

/** A chart with its table beside it (under it on a narrow screen), named by one caption. */
export function ChartFigure({ id, caption, chart, table, stacked }: Props) {
  return (
    <figure className="chart-figure" aria-labelledby={id}>
      <figcaption id={id} className="chart-caption">
        {caption}
      </figcaption>
      <div className={`chart-pair${stacked ? ' chart-pair-stacked' : ''}`}>
        <div className="chart-box">{chart}</div>
        {/* Focusable and named: on a narrow screen the table scrolls sideways, by keyboard too. */}
        <div className="table-wrap chart-table" tabIndex={0} role="region" aria-labelledby={id}>
          {table}
        </div>
      </div>
    </figure>
  );
}
