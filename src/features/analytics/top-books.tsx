/** The range's top books, by copies sold or by time read: a table, each row with a bar to compare by eye. */
import { Link } from 'react-router';
import { changeText } from './figures';

export interface TopBook {
  bookId: string;
  title: string;
  value: number;
  previous: number;
}

export function TopBooks({
  id,
  title,
  unit,
  books,
  compare,
  format,
  csvHref,
}: {
  id: string;
  title: string;
  unit: string;
  books: TopBook[];
  compare: boolean;
  format: (n: number) => string;
  csvHref: string;
}) {
  const max = Math.max(1, ...books.map((b) => b.value));
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
      {books.length === 0 ? (
        <p className="muted">Nothing in this range.</p>
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-label={title}>
          <table className="table analytics-top">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">Book</th>
                <th scope="col">{unit}</th>
                {compare && <th scope="col">Change</th>}
              </tr>
            </thead>
            <tbody>
              {books.map((b) => (
                <tr key={b.bookId}>
                  <th scope="row">
                    <Link to={`/book/${b.bookId}`}>{b.title}</Link>
                    <span className="analytics-bar" aria-hidden="true">
                      <span style={{ width: `${(b.value / max) * 100}%` }} />
                    </span>
                  </th>
                  <td>{format(b.value)}</td>
                  {compare && <td>{changeText(b.value, b.previous, format)}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
