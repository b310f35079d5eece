/**
 * A semantic data table: caption for screen readers, header cells with scope, an empty row. On a
 * phone each row becomes a card (styles.css, `.table-cards`): every cell on its own line under its
 * column's name, so no column (the actions least of all) hides off-screen.
 */
import type { ReactNode } from 'react';

export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  className?: string;
}

/** The column's name shown beside each cell on a phone: its header when that is plain text (not a hidden one). */
const phoneLabel = (header: ReactNode) => (typeof header === 'string' ? header : undefined);

export function Table<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty = 'Nothing here yet.',
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  empty?: ReactNode;
}) {
  return (
    // A wide table scrolls sideways inside its box; the box takes focus so the keyboard can scroll it too.
    <div className="table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="table table-cards">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.className}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="table-empty">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c) => (
                  <td key={c.key} className={c.className} data-label={phoneLabel(c.header)}>
                    {c.render(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
