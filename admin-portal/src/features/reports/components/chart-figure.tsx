import type { ReactNode } from 'react';

interface Props {
  id: string;
  caption: string;
  chart: ReactNode;
  /** The same figures as a table: what a screen reader reads (the chart is aria-hidden). */
  table: ReactNode;
}

/** A chart with its table beside it (under it on a narrow screen), named by one caption. */
export function ChartFigure({ id, caption, chart, table }: Props) {
  return (
    <figure className="chart-figure" aria-labelledby={id}>
      <figcaption id={id} className="chart-caption">
        {caption}
      </figcaption>
      <div className="chart-pair">
        <div className="chart-box">{chart}</div>
        <div className="table-wrap chart-table">{table}</div>
      </div>
    </figure>
  );
}
