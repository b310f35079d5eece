/** The average, the count and a bar per star; the bars read as a list to screen readers. */
import type { RatingSummary as Summary } from '../../../sync/api/reviews';
import { countLabel, histogramRows } from './reviews-model';
import { Stars } from './stars';

export function RatingSummary({ summary }: { summary: Summary }) {
  return (
    <div className="rating-summary">
      <div className="rating-summary-average">
        {summary.average === null ? (
          <p className="muted">No ratings yet</p>
        ) : (
          <>
            <span className="rating-summary-number">{summary.average.toFixed(1)}</span>
            <Stars rating={summary.average} />
            <span className="muted">{countLabel(summary.count)}</span>
          </>
        )}
      </div>
      {summary.count > 0 && (
        <ul className="rating-histogram" aria-label="Ratings by stars">
          {histogramRows(summary).map((row) => (
            <li key={row.stars}>
              <span className="rating-histogram-label">{row.stars} ★</span>
              <span className="rating-histogram-bar" aria-hidden="true">
                <span style={{ width: `${row.percent}%` }} />
              </span>
              <span className="rating-histogram-count">
                {row.count}
                <span className="visually-hidden"> {row.stars === 1 ? 'one-star' : `${row.stars}-star`} ratings</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
