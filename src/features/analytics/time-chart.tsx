/**
 * One uPlot chart of daily figures: this period as a solid line (or bars), the previous period
 * dashed behind it, day by day. Loaded on its own (React.lazy) so uPlot is fetched only by the
 * analytics page. The canvas is hidden from assistive technology: the figure's caption, its totals
 * and the data table beside it say the same.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartLine {
  label: string;
  values: number[];
  /** The previous period: dashed and muted. */
  previous?: boolean;
}

const HEIGHT = 220;

function cssVar(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** The y axis as wide as its longest label ("1 h 33 min" does not fit a fixed width). */
const labelWidth: uPlot.Axis.Size = (u, values, axisIdx) => {
  const axis = u.axes[axisIdx];
  const longest = (values ?? []).reduce((a, v) => (v.length > a.length ? v : a), '');
  u.ctx.font = axis.font?.[0] ?? u.ctx.font;
  return Math.ceil((axis.ticks?.size ?? 10) + (axis.gap ?? 5) + u.ctx.measureText(longest).width / devicePixelRatio) + 4;
};

export default function TimeChart({ days, lines, format }: { days: string[]; lines: ChartLine[]; format: (n: number) => string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const text = cssVar('--muted', '#57534e');
    const grid = cssVar('--border', '#e2ded8');
    const accent = cssVar('--accent', '#6d28d9');
    const x = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const plot = new uPlot(
      {
        width: Math.max(240, el.clientWidth),
        height: HEIGHT,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] } },
        axes: [axis, { ...axis, size: labelWidth, values: (_u, ticks) => ticks.map(format) }],
        series: [
          {},
          ...lines.map((l) => ({
            label: l.label,
            stroke: l.previous ? text : accent,
            width: l.previous ? 1.5 : 2,
            dash: l.previous ? [6, 4] : undefined,
            fill: l.previous ? undefined : `${accent}22`,
            points: { show: days.length <= 31 && !l.previous, size: 5 },
          })),
        ],
      },
      [x, ...lines.map((l) => l.values)],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(240, el.clientWidth), height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, lines, format]);
  return <div ref={box} className="analytics-canvas" aria-hidden="true" data-testid="chart-canvas" />;
}
