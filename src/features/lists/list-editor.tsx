/**
 * The owner's view of a list: every edit is written to the device at once and replicated
 * later, so the editor works offline. Reorder by drag, by arrow keys on the handle, or by the
 * Move buttons; each move is announced in a polite live region.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { BookCard } from '../../../sync/api/books';
import type { ReadingList, ReadingListItem } from '../../../sync/collections/reading-lists';
import { useCollection } from '../../db/use-live-docs';
import { Badge, Button, Card, Dialog, EmptyState, Page, TextField, useToast } from '../../ui';
import { BookPicker } from './book-picker';
import { ListItemRow } from './list-item-row';
import { addBook, moveItem, removeItem, setNote, shareUrl, sortedItems } from './list-model';
import { ListSettingsFields, validateSettings, type ListSettings } from './list-settings-fields';
import { visibilityLabel } from './list-tile';

export function ListEditor({ list }: { list: ReadingList }) {
  const collection = useCollection('reading-lists');
  const toast = useToast();
  const navigate = useNavigate();
  const items = sortedItems(list);
  const [settings, setSettings] = useState<ListSettings>({ name: list.name, description: list.description, visibility: list.visibility });
  const [errors, setErrors] = useState<ReturnType<typeof validateSettings>>({});
  const [announcement, setAnnouncement] = useState('');
  const [picking, setPicking] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [drag, setDrag] = useState<{ from: number; over: number | null } | null>(null);

  /**
   * Every edit is a function of the stored list, applied atomically by RxDB: quick successive
   * edits (three "Add" clicks before a re-render) each see the previous one, so none is lost.
   */
  async function update(change: (current: ReadingList) => Partial<ReadingList>) {
    const doc = await collection?.findOne(list.id).exec();
    await doc?.incrementalModify((current) => ({ ...current, ...change(current), updatedAt: Date.now() }));
  }

  function saveSettings(next = settings) {
    const found = validateSettings(next);
    setErrors(found);
    if (Object.keys(found).length) return;
    if (next.name.trim() === list.name && next.description === list.description && next.visibility === list.visibility) return;
    void update(() => ({ name: next.name.trim(), description: next.description, visibility: next.visibility }));
  }

  function editItems(edit: (items: ReadingListItem[]) => ReadingListItem[]) {
    void update((current) => ({ items: edit(sortedItems(current)) }));
  }

  function move(from: number, to: number) {
    if (to < 0 || to >= items.length || from === to) return;
    const moved = items[from]!;
    editItems((current) => {
      const index = current.findIndex((i) => i.bookId === moved.bookId);
      return index < 0 ? current : moveItem(current, index, index + (to - from));
    });
    setAnnouncement(`${moved.title ?? 'Book'} moved to position ${to + 1} of ${items.length}.`);
    // Keep focus on the moved book's handle, which React re-renders at its new index.
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`.drag-handle[data-book-id="${CSS.escape(moved.bookId)}"]`)?.focus());
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(shareUrl(list.id));
      toast('Link copied.', { tone: 'success' });
    } catch {
      toast('Copy failed; select the link and copy it yourself.', { tone: 'error' });
    }
  }

  return (
    <Page
      title={list.name}
      description={<Badge tone={list.visibility === 'public' ? 'accent' : 'neutral'}>{visibilityLabel(list.visibility)}</Badge>}
      actions={<Button onClick={() => setPicking(true)}>Add books</Button>}
    >
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {items.length === 0 ? (
        <EmptyState title="This list is empty" action={<Button onClick={() => setPicking(true)}>Add books</Button>}>
          <p>Pick books from the catalogue; you can reorder them and add a note to each.</p>
        </EmptyState>
      ) : (
        <ol className="list-items" aria-label="Books in this list">
          {items.map((item, index) => (
            <ListItemRow
              key={item.bookId}
              item={item}
              index={index}
              count={items.length}
              dragging={drag?.from === index}
              over={drag !== null && drag.over === index && drag.from !== index}
              onMove={move}
              onNote={(note) => editItems((current) => setNote(current, item.bookId, note))}
              onRemove={() => {
                editItems((current) => removeItem(current, item.bookId));
                setAnnouncement(`${item.title ?? 'Book'} removed.`);
              }}
              onDragStart={() => setDrag({ from: index, over: null })}
              onDragOver={() => drag && drag.over !== index && setDrag({ ...drag, over: index })}
              onDrop={() => {
                if (drag) move(drag.from, index);
                setDrag(null);
              }}
              onDragEnd={() => setDrag(null)}
            />
          ))}
        </ol>
      )}

      <div style={{ display: 'grid', gap: '1rem', marginTop: '2rem' }}>
        <Card title="Details">
          <ListSettingsFields
            value={settings}
            errors={errors}
            onChange={(next) => {
              setSettings(next);
              // The visibility choice is a single action: save it at once, not on blur.
              if (next.visibility !== settings.visibility) saveSettings(next);
            }}
            onBlur={() => saveSettings()}
          />
        </Card>
        <Card title="Share">
          {list.visibility === 'private' ? (
            <p>This list is private. Make it unlisted or public to share it.</p>
          ) : (
            <div className="share-row">
              <TextField label="Link to this list" readOnly value={shareUrl(list.id)} onFocus={(e) => e.target.select()} />
              <Button variant="secondary" onClick={() => void copyLink()}>
                Copy link
              </Button>
            </div>
          )}
        </Card>
        <div>
          <Button variant="danger" onClick={() => setConfirmDelete(true)}>
            Delete list
          </Button>
        </div>
      </div>

      <BookPicker
        open={picking}
        onClose={() => setPicking(false)}
        inList={new Set(items.map((i) => i.bookId))}
        onAdd={(book: BookCard) => {
          editItems((current) => addBook(current, book));
          setAnnouncement(`${book.title} added.`);
        }}
      />
      <Dialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title="Delete this list?"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
              Keep it
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                void collection
                  ?.findOne(list.id)
                  .exec()
                  .then((doc) => doc?.incrementalRemove());
                void navigate('/lists');
              }}
            >
              Delete
            </Button>
          </>
        }
      >
        <p>“{list.name}” will be removed from all your devices. Links to it will stop working.</p>
      </Dialog>
    </Page>
  );
}
