/**
 * The collections part of /admin/store: create, rename, delete, reorder the collections, and
 * each collection's books in order. /store shows each non-empty collection as a shelf.
 */
import { useState } from 'react';
import {
  COLLECTION_NAME_MAX,
  createCollection,
  deleteCollection,
  orderCollections,
  updateCollection,
  type StoreCollection,
  type StoreLayout,
} from '../../../sync/api/admin-store';
import { call, fieldErrorsOf } from '../../lib/api';
import { Badge, Button, Dialog, TextField } from '../../ui';
import { BookPicker } from './book-picker';
import { OrderedList } from './ordered-list';
import { useLayoutChange } from './store-layout-api';

function NewCollection() {
  const [name, setName] = useState('');
  const create = useLayoutChange(
    (n: string) => call(createCollection, { body: { name: n } }),
    (n) => `Collection “${n.trim()}” created.`,
    ['name'],
  );
  return (
    <form
      className="admin-filters"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate(name, { onSuccess: () => setName('') });
      }}
    >
      <TextField
        label="New collection"
        value={name}
        maxLength={COLLECTION_NAME_MAX}
        error={fieldErrorsOf(create.error).name}
        onChange={(e) => setName(e.target.value)}
      />
      <Button type="submit" variant="secondary" loading={create.isPending}>
        Create collection
      </Button>
    </form>
  );
}

function RenameDialog({ collection, onClose }: { collection: StoreCollection; onClose: () => void }) {
  const [name, setName] = useState(collection.name);
  const rename = useLayoutChange(
    (n: string) => call(updateCollection, { params: { id: collection.id }, body: { name: n } }),
    (n) => `Renamed to “${n.trim()}”.`,
    ['name'],
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Rename “${collection.name}”`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={rename.isPending} onClick={() => rename.mutate(name, { onSuccess: onClose })}>
            Rename
          </Button>
        </>
      }
    >
      <TextField label="Name" value={name} maxLength={COLLECTION_NAME_MAX} error={fieldErrorsOf(rename.error).name} onChange={(e) => setName(e.target.value)} />
    </Dialog>
  );
}

function DeleteDialog({ collection, onClose }: { collection: StoreCollection; onClose: () => void }) {
  const remove = useLayoutChange(() => call(deleteCollection, { params: { id: collection.id } }), `Collection “${collection.name}” deleted.`);
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Delete “${collection.name}”?`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" loading={remove.isPending} onClick={() => remove.mutate(undefined, { onSuccess: onClose })}>
            Delete collection
          </Button>
        </>
      }
    >
      <p>Its shelf leaves /store. The books stay in the store.</p>
    </Dialog>
  );
}

function CollectionCard({ collection, index, all }: { collection: StoreCollection; index: number; all: StoreCollection[] }) {
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const setBooks = useLayoutChange(
    (bookIds: string[]) => call(updateCollection, { params: { id: collection.id }, body: { bookIds } }),
    `“${collection.name}” saved.`,
  );
  const reorder = useLayoutChange((ids: string[]) => call(orderCollections, { body: { ids } }), 'Collections reordered.');
  const move = (to: number) => {
    const ids = all.map((c) => c.id);
    ids.splice(index, 1);
    ids.splice(to, 0, collection.id);
    reorder.mutate(ids);
  };
  const ids = collection.books.map((b) => b.id);
  return (
    <section className="admin-collection" aria-labelledby={`collection-${collection.id}`}>
      <header className="admin-collection-head">
        <h3 id={`collection-${collection.id}`}>{collection.name}</h3>
        <div className="admin-actions">
          <Button
            size="sm"
            variant="ghost"
            disabled={index === 0 || reorder.isPending}
            onClick={() => move(index - 1)}
            aria-label={`Move the collection ${collection.name} up`}
          >
            ↑
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={index === all.length - 1 || reorder.isPending}
            onClick={() => move(index + 1)}
            aria-label={`Move the collection ${collection.name} down`}
          >
            ↓
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setDialog('rename')} aria-label={`Rename the collection ${collection.name}`}>
            Rename
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setDialog('delete')} aria-label={`Delete the collection ${collection.name}`}>
            Delete
          </Button>
        </div>
      </header>
      <OrderedList
        label={`Books in ${collection.name}`}
        items={collection.books}
        name={(b) => b.title}
        busy={setBooks.isPending}
        onChange={(next) => setBooks.mutate(next.map((b) => b.id))}
        empty="No books yet: an empty collection is not shown on /store."
        render={(b) => (
          <>
            {b.title}
            {b.status === 'unlisted' && (
              <>
                {' '}
                <Badge tone="warning">Unlisted: hidden</Badge>
              </>
            )}
          </>
        )}
      />
      <BookPicker label={`Add a book to ${collection.name}`} exclude={ids} busy={setBooks.isPending} onPick={(id) => setBooks.mutate([...ids, id])} />
      {dialog === 'rename' && <RenameDialog collection={collection} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && <DeleteDialog collection={collection} onClose={() => setDialog(null)} />}
    </section>
  );
}

export function CollectionsSection({ layout }: { layout: StoreLayout }) {
  return (
    <section className="card admin-store-section" aria-labelledby="store-collections">
      <h2 id="store-collections" className="card-title">
        Collections
      </h2>
      <p className="muted">Each collection is a shelf on /store, after Featured, in this order.</p>
      {layout.collections.length === 0 && <p>No collections yet.</p>}
      {layout.collections.map((c, i) => (
        <CollectionCard key={c.id} collection={c} index={i} all={layout.collections} />
      ))}
      <NewCollection />
    </section>
  );
}
