/**
 * An ordered list the admin arranges with buttons (move up, move down, remove): keyboard and
 * screen-reader friendly where drag and drop is not. Each button names its item; `onChange`
 * receives the whole new order, which the page saves at once.
 */
import type { ReactNode } from 'react';
import { Button } from '../../ui';

export function OrderedList<T>({
  label,
  items,
  name,
  render,
  onChange,
  busy,
  empty,
}: {
  label: string;
  items: T[];
  /** The item's name in the buttons' labels ("Move The Night Ferry up"). */
  name: (item: T) => string;
  render: (item: T) => ReactNode;
  onChange: (next: T[]) => void;
  busy?: boolean;
  empty: ReactNode;
}) {
  if (items.length === 0) return <p className="muted">{empty}</p>;
  const move = (from: number, to: number) => {
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };
  return (
    <ol className="admin-ordered" aria-label={label} aria-busy={busy || undefined}>
      {items.map((item, i) => (
        <li key={i} className="admin-ordered-item">
          <span className="admin-ordered-position" aria-hidden="true">
            {i + 1}
          </span>
          <div className="admin-ordered-body">{render(item)}</div>
          <div className="admin-actions">
            <Button size="sm" variant="ghost" disabled={busy || i === 0} onClick={() => move(i, i - 1)} aria-label={`Move ${name(item)} up`}>
              ↑
            </Button>
            <Button size="sm" variant="ghost" disabled={busy || i === items.length - 1} onClick={() => move(i, i + 1)} aria-label={`Move ${name(item)} down`}>
              ↓
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={() => onChange(items.filter((_, j) => j !== i))}
              aria-label={`Remove ${name(item)} from ${label}`}
            >
              Remove
            </Button>
          </div>
        </li>
      ))}
    </ol>
  );
}
