/**
 * Jobs finished per hour over the last day: one column an hour, done and failed stacked, each
 * column named in words for screen readers (the drawing is hidden from them).
 */
import type { ThroughputHour } from '../../../sync/api/admin-jobs';

const hourLabel = (start: number) => new Date(start).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

export function ThroughputChart({ hours }: { hours: ThroughputHour[] }) {
  const max = Math.max(1, ...hours.map((h) => h.done + h.dead));
  const total = hours.reduce((sum, h) => sum + h.done + h.dead, 0);
  return (
    <figure className="jobs-chart">
      <ol className="jobs-bars">
        {hours.map((h, i) => (
          <li key={h.start} className="jobs-bar-col" aria-label={`${hourLabel(h.start)}: ${h.done} done, ${h.dead} failed`}>
            <span className="jobs-bar-plot" aria-hidden="true">
              <span className="jobs-bar jobs-bar-dead" style={{ height: `${(h.dead / max) * 100}%` }} />
              <span className="jobs-bar jobs-bar-done" style={{ height: `${(h.done / max) * 100}%` }} />
            </span>
            <span className="jobs-bar-hour" aria-hidden="true">
              {i % 3 === 0 ? hourLabel(h.start).slice(0, 2) : ''}
            </span>
          </li>
        ))}
      </ol>
      <figcaption className="muted">
        Jobs finished per hour, last 24 hours ({total} in all). <span className="jobs-key jobs-key-done" aria-hidden="true" /> done{' '}
        <span className="jobs-key jobs-key-dead" aria-hidden="true" /> failed
      </figcaption>
    </figure>
  );
}
