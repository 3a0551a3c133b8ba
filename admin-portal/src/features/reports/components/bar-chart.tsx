import { AxisBottom } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';

export interface BarRow {
  label: string;
  value: number;
}

const WIDTH = 520;
const ROW = 26;
const MARGIN = { top: 8, right: 48, bottom: 28, left: 170 };
const truncate = (s: string, n = 26) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * Horizontal bars, one per row, the value at the end of each. Drawn as SVG (visx) that scales with its
 * box; aria-hidden because the table beside it carries the same figures for a screen reader.
 */
export function BarChart({ rows }: { rows: BarRow[] }) {
  const height = MARGIN.top + MARGIN.bottom + rows.length * ROW;
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const y = scaleBand<string>({ domain: rows.map((_, i) => String(i)), range: [0, rows.length * ROW], padding: 0.25 });
  const x = scaleLinear<number>({ domain: [0, Math.max(1, ...rows.map((r) => r.value))], range: [0, innerWidth], nice: true });
  return (
    <svg className="chart" viewBox={`0 0 ${WIDTH} ${height}`} aria-hidden="true" focusable="false">
      <Group left={MARGIN.left} top={MARGIN.top}>
        {rows.map((r, i) => {
          const top = y(String(i)) ?? 0;
          const width = x(r.value);
          return (
            <g key={`${r.label}-${i}`}>
              <text x={-8} y={top + y.bandwidth() / 2} dy="0.35em" textAnchor="end" className="chart-label">
                {truncate(r.label)}
              </text>
              <Bar x={0} y={top} width={width} height={y.bandwidth()} className="chart-bar" rx={2} />
              <text x={width + 6} y={top + y.bandwidth() / 2} dy="0.35em" className="chart-value">
                {r.value.toLocaleString('en-IN')}
              </text>
            </g>
          );
        })}
        <AxisBottom top={rows.length * ROW} scale={x} tickValues={x.ticks(4).filter(Number.isInteger)} tickFormat={(v) => Number(v).toLocaleString('en-IN')} axisClassName="chart-axis" />
      </Group>
    </svg>
  );
}
