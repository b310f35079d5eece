/**
 * A figure of the last days with a tiny inline SVG line of them (no chart library on /admin's
 * first load), linking to its chart on /admin/analytics. The line is decoration: the figure and
 * its label say what it shows.
 */
import { Link } from 'react-router';

const W = 120;
const H = 32;

function points(values: number[]): string {
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? W / (values.length - 1) : 0;
  return values.map((v, i) => `${(i * step).toFixed(1)},${(H - 2 - (v / max) * (H - 4)).toFixed(1)}`).join(' ');
}

export function SparkStat({ to, value, label, values }: { to: string; value: string; label: string; values: number[] }) {
  return (
    <Link className="admin-stat admin-spark" to={to}>
      <span className="admin-stat-value">{value}</span>
      <span className="admin-stat-label">{label}</span>
      <svg className="admin-spark-line" viewBox={`0 0 ${W} ${H}`} width={W} height={H} aria-hidden="true" focusable="false">
        <polyline points={points(values)} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
      </svg>
    </Link>
  );
}
