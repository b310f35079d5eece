/**
 * A chart of daily figures with what makes it readable without the picture: the period's total
 * and its change against the previous period in words, a data table with every day, and the same
 * numbers as a CSV download.
 */
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { dayLabel } from './figures';
import type { ChartLine } from './time-chart';

const TimeChart = lazy(() => import('./time-chart'));

export interface DailySeries {
  current: number[];
  previous: number[];
}

export function ChartCard({
  id,
  title,
  summary,
  days,
  previousDays,
  series,
  compare,
  format,
  csvHref,
  controls,
}: {
  id: string;
  title: string;
  /** The total (or average) and its change, in words. */
  summary: ReactNode;
  days: string[];
  previousDays: string[];
  series: DailySeries;
  compare: boolean;
  format: (n: number) => string;
  csvHref: string;
  controls?: ReactNode;
}) {
  // The table is made when opened: a year of days in every chart would weigh on the page.
  const [open, setOpen] = useState(false);
  const lines = useMemo<ChartLine[]>(
    () => [{ label: 'This period', values: series.current }, ...(compare ? [{ label: 'Previous period', values: series.previous, previous: true }] : [])],
    [series, compare],
  );
  return (
    <section className="card analytics-card" aria-labelledby={`${id}-title`}>
      <div className="analytics-card-head">
        <h2 className="card-title" id={`${id}-title`}>
          {title}
        </h2>
        <a className="btn btn-secondary btn-sm" href={csvHref} download>
          CSV<span className="visually-hidden"> of {title.toLowerCase()}</span>
        </a>
      </div>
      {controls}
      <p className="analytics-summary">{summary}</p>
      <figure className="analytics-figure">
        <Suspense fallback={<div className="analytics-canvas" aria-busy="true" />}>
          <TimeChart days={days} lines={lines} format={format} />
        </Suspense>
        <figcaption className="muted analytics-legend">
          <span className="analytics-key analytics-key-current" aria-hidden="true" /> This period
          {compare && (
            <>
              {' '}
              <span className="analytics-key analytics-key-previous" aria-hidden="true" /> Previous period ({dayLabel(previousDays[0]!)} to{' '}
              {dayLabel(previousDays[previousDays.length - 1]!)})
            </>
          )}
        </figcaption>
      </figure>
      <details className="analytics-table" onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>Data table</summary>
        {open && (
          <div className="table-wrap" tabIndex={0} role="region" aria-label={`${title}, day by day`}>
            <table className="table">
              <caption className="visually-hidden">{title}, day by day (UTC)</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">{title}</th>
                  {compare && <th scope="col">Previous period day</th>}
                  {compare && <th scope="col">Previous period</th>}
                </tr>
              </thead>
              <tbody>
                {days.map((day, i) => (
                  <tr key={day}>
                    <th scope="row">{day}</th>
                    <td>{format(series.current[i]!)}</td>
                    {compare && <td>{previousDays[i]}</td>}
                    {compare && <td>{format(series.previous[i]!)}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </details>
    </section>
  );
}
