/**
 * A published book's sales and reads for its author (sync/api/publishing.ts BookFigures): copies
 * sold, the author's earnings as /settings/billing counts them, and readers. Zero sales say so.
 */
import { Link } from 'react-router';
import type { BookFigures } from '../../../sync/api/publishing';
import { formatMoney } from '../../../sync/store/money';
import { Card } from '../../ui';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

function sales(f: BookFigures): string {
  if (f.copiesSold === 0) return 'No sales yet';
  const refunded = f.copiesRefunded ? ` (${f.copiesRefunded.toLocaleString()} refunded)` : '';
  const earned = f.earnings.length ? ` · ${f.earnings.map((e) => formatMoney(e.cents, e.currency)).join(' + ')} earned` : '';
  return `${plural(f.copiesSold, 'copy', 'copies')} sold${refunded}${earned}`;
}

const readers = (f: BookFigures) => (f.readers === 0 ? 'No readers yet' : plural(f.readers, 'reader', 'readers'));

/** One line, for the list of my books. */
export function FiguresLine({ figures }: { figures: BookFigures | null }) {
  if (!figures) return <span className="muted">—</span>;
  return (
    <span className="publishing-figures">
      <span className={figures.copiesSold ? undefined : 'muted'}>{sales(figures)}</span>
      <span className="muted">{readers(figures)}</span>
    </span>
  );
}

/** The card on the book's publication page. */
export function FiguresCard({ figures }: { figures: BookFigures }) {
  return (
    <Card title="Sales and reads">
      <dl className="publishing-figures-list">
        <dt>Sales</dt>
        <dd>{sales(figures)}</dd>
        <dt>Readers</dt>
        <dd>{readers(figures)}</dd>
      </dl>
      <p className="muted">
        All time. Earnings are your share after fees, as in <Link to="/settings/billing">billing</Link>; readers are the people with reading progress in the
        book.
      </p>
    </Card>
  );
}
