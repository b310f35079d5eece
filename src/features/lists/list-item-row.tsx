/**
 * One book of a list the person owns: a drag handle (mouse drag, or arrow keys when focused),
 * Move up / Move down buttons, the note and removal. Moves are announced by the editor's live
 * region, so keyboard and screen-reader users know where the book went. The title's link to the
 * book's store page stretches over the card; the handle, note and buttons sit above it.
 */
import { useEffect, useState, type DragEvent, type KeyboardEvent } from 'react';
import type { ReadingListItem } from '../../../sync/collections/reading-lists';
import { Link } from 'react-router';
import { Button, TextArea } from '../../ui';
import { ItemCover } from './list-tile';

interface Props {
  item: ReadingListItem;
  index: number;
  count: number;
  dragging: boolean;
  over: boolean;
  onMove(from: number, to: number): void;
  onNote(note: string): void;
  onRemove(): void;
  onDragStart(): void;
  onDragOver(): void;
  onDrop(): void;
  onDragEnd(): void;
}

export function ListItemRow({ item, index, count, dragging, over, onMove, onNote, onRemove, onDragStart, onDragOver, onDrop, onDragEnd }: Props) {
  const title = item.title || 'Untitled book';
  const [note, setNote] = useState(item.note);
  /** The note last handed to the database: "Saved" once the stored item says so. */
  const [written, setWritten] = useState<string | null>(null);
  // A note synced in from another device replaces the field, unless it is being edited here.
  useEffect(() => setNote(item.note), [item.note]);

  function onHandleKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowUp' && index > 0) {
      event.preventDefault();
      onMove(index, index - 1);
    } else if (event.key === 'ArrowDown' && index < count - 1) {
      event.preventDefault();
      onMove(index, index + 1);
    }
  }

  return (
    <li
      className="list-item"
      data-dragging={dragging}
      data-over={over}
      onDragOver={(e: DragEvent) => {
        e.preventDefault();
        onDragOver();
      }}
      onDrop={(e: DragEvent) => {
        e.preventDefault();
        onDrop();
      }}
    >
      <button
        type="button"
        className="drag-handle"
        draggable
        data-book-id={item.bookId}
        aria-label={`Reorder ${title}, position ${index + 1} of ${count}. Use the up and down arrow keys to move it.`}
        onKeyDown={onHandleKey}
        onDragStart={(e) => {
          e.dataTransfer.effectAllowed = 'move';
          e.dataTransfer.setData('text/plain', item.bookId);
          onDragStart();
        }}
        onDragEnd={onDragEnd}
      >
        ⠿
      </button>
      <ItemCover item={item} />
      <div className="list-item-body">
        <h3>
          {/* Not draggable: dragging the card would otherwise drag the link, not reorder. */}
          <Link to={`/book/${item.bookId}`} className="stretched-link" draggable={false}>
            {title}
          </Link>
        </h3>
        {item.authors && <p>{item.authors}</p>}
        <TextArea
          label="Note"
          rows={2}
          maxLength={2000}
          value={note}
          placeholder="Why this book?"
          hint={written === null ? undefined : written === item.note ? 'Note saved' : 'Saving…'}
          onChange={(e) => {
            setNote(e.target.value);
            setWritten(null);
          }}
          onBlur={() => {
            if (note === item.note) return;
            setWritten(note);
            onNote(note);
          }}
        />
      </div>
      <div className="list-item-actions">
        <Button size="sm" variant="secondary" disabled={index === 0} onClick={() => onMove(index, index - 1)} aria-label={`Move up: ${title}`}>
          Move up
        </Button>
        <Button size="sm" variant="secondary" disabled={index === count - 1} onClick={() => onMove(index, index + 1)} aria-label={`Move down: ${title}`}>
          Move down
        </Button>
        <Button size="sm" variant="ghost" onClick={onRemove} aria-label={`Remove ${title}`}>
          Remove
        </Button>
      </div>
    </li>
  );
}
