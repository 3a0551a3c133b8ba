import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { reports as t } from '../strings';

export interface TrendMonth {
  month: string;
  registrations: number;
  attended: number;
}

const WIDTH = 640;
const HEIGHT = 260;
const MARGIN = { top: 12, right: 12, bottom: 40, left: 48 };
const SERIES = ['registrations', 'attended'] as const;

/** 'Mar 26' for '2026-03'. */
export const shortMonth = (ym: string) =>
  new Intl.DateTimeFormat('en-IN', { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(new Date(`${ym}-01T00:00:00Z`));

/**
 * Registrations and attendance per month as grouped bars (visx SVG, scaled to its box), with a legend.
 * aria-hidden: the table beside it is what a screen reader reads.
 */
export function TrendChart({ months }: { months: TrendMonth[] }) {
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>({ domain: months.map((m) => m.month), range: [0, innerWidth], padding: 0.2 });
  const inner = scaleBand<string>({ domain: [...SERIES], range: [0, x.bandwidth()], padding: 0.08 });
  const y = scaleLinear<number>({ domain: [0, Math.max(1, ...months.map((m) => m.registrations))], range: [innerHeight, 0], nice: true });
  // Every month's label while they fit, else every second, third, ...
  const every = Math.max(1, Math.ceil(months.length / 12));
  return (
    <div>
      <svg className="chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false">
        <Group left={MARGIN.left} top={MARGIN.top}>
          {months.map((m) => (
            <Group key={m.month} left={x(m.month) ?? 0}>
              {SERIES.map((s) => (
                <Bar key={s} x={inner(s) ?? 0} y={y(m[s])} width={inner.bandwidth()} height={innerHeight - y(m[s])} className={`chart-bar chart-${s}`} />
              ))}
            </Group>
          ))}
          <AxisLeft scale={y} tickValues={y.ticks(5).filter(Number.isInteger)} tickFormat={(v) => Number(v).toLocaleString('en-IN')} axisClassName="chart-axis" />
          <AxisBottom
            top={innerHeight}
            scale={x}
            tickValues={months.filter((_, i) => i % every === 0).map((m) => m.month)}
            tickFormat={shortMonth}
            axisClassName="chart-axis"
          />
        </Group>
      </svg>
      <ul className="chart-legend" aria-hidden="true">
        <li>
          <span className="chart-swatch chart-registrations" /> {t.legendRegistrations}
        </li>
        <li>
          <span className="chart-swatch chart-attended" /> {t.legendAttended}
        </li>
      </ul>
    </div>
  );
}
