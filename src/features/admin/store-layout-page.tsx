/**
 * /admin/store: what /store shows — the Featured shelf in order, the collections, and which
 * genres get a shelf. Every change saves at once (audited on the server) and shows on /store.
 */
import { useState } from 'react';
import { resetShelfGenres, setFeatured, setShelfGenres, type StoreLayout } from '../../../sync/api/admin-store';
import { call } from '../../lib/api';
import { Badge, Button, LinkButton, Page, QueryState, SelectField } from '../../ui';
import { BookPicker } from './book-picker';
import { OrderedList } from './ordered-list';
import { CollectionsSection } from './store-collections';
import { useLayoutChange, useStoreLayout } from './store-layout-api';
import './admin.css';

function FeaturedSection({ layout }: { layout: StoreLayout }) {
  const save = useLayoutChange((bookIds: string[]) => call(setFeatured, { body: { bookIds } }), 'Featured books saved.');
  const ids = layout.featured.map((b) => b.id);
  return (
    <section className="card admin-store-section" aria-labelledby="store-featured">
      <h2 id="store-featured" className="card-title">
        Featured
      </h2>
      <p className="muted">The first shelf of /store and of the home page, in this order.</p>
      <OrderedList
        label="Featured books"
        items={layout.featured}
        name={(b) => b.title}
        busy={save.isPending}
        onChange={(next) => save.mutate(next.map((b) => b.id))}
        empty="No featured books: /store starts with its other shelves."
        render={(b) => (
          <>
            <strong>{b.title}</strong>
            {b.authors.length > 0 && <span className="muted"> · {b.authors.join(', ')}</span>}
            {b.status === 'unlisted' && (
              <>
                {' '}
                <Badge tone="warning">Unlisted: hidden</Badge>
              </>
            )}
          </>
        )}
      />
      <BookPicker label="Feature a book" exclude={ids} busy={save.isPending} onPick={(id) => save.mutate([...ids, id])} />
    </section>
  );
}

function GenresSection({ layout }: { layout: StoreLayout }) {
  const [adding, setAdding] = useState('');
  const save = useLayoutChange((codes: string[]) => call(setShelfGenres, { body: { codes } }), 'Genre shelves saved.');
  const reset = useLayoutChange(() => call(resetShelfGenres), 'Back to the default genre shelves.');
  const chosen = layout.shelfGenres.map((g) => g.code);
  const others = layout.genres.filter((g) => !chosen.includes(g.code));
  return (
    <section className="card admin-store-section" aria-labelledby="store-genres">
      <h2 id="store-genres" className="card-title">
        Genre shelves
      </h2>
      <p className="muted">
        After the new, bestselling and free books, /store shows one shelf per genre here (a genre with no listed book is skipped).
        {layout.usesDefaults && ' These are the defaults; any change saves your own list.'}
      </p>
      <OrderedList
        label="Genre shelves"
        items={layout.shelfGenres}
        name={(g) => g.name}
        busy={save.isPending}
        onChange={(next) => save.mutate(next.map((g) => g.code))}
        empty="No genre shelves."
        render={(g) => (
          <>
            {g.name} <span className="muted">({layout.genres.find((x) => x.code === g.code)?.count ?? 0} books)</span>
          </>
        )}
      />
      <form
        className="admin-filters"
        onSubmit={(e) => {
          e.preventDefault();
          if (adding) save.mutate([...chosen, adding], { onSuccess: () => setAdding('') });
        }}
      >
        <SelectField label="Add a genre shelf" value={adding} onChange={(e) => setAdding(e.target.value)}>
          <option value="">Choose a genre</option>
          {others.map((g) => (
            <option key={g.code} value={g.code}>
              {g.name} ({g.count})
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary" disabled={!adding} loading={save.isPending}>
          Add shelf
        </Button>
        {!layout.usesDefaults && (
          <Button variant="ghost" loading={reset.isPending} onClick={() => reset.mutate(undefined)}>
            Use the defaults
          </Button>
        )}
      </form>
    </section>
  );
}

export function AdminStorePage() {
  const query = useStoreLayout();
  return (
    <Page
      title="Store"
      description="What /store shows: featured books, collections and genre shelves. Each change is live at once."
      wide
      actions={
        <>
          <LinkButton to="/store" variant="ghost">
            View the store
          </LinkButton>
          <LinkButton to="/admin/store/books" variant="secondary">
            Store books
          </LinkButton>
        </>
      }
    >
      <QueryState query={query} what="The store's layout" lines={8}>
        {(layout) => (
          <div className="stack">
            <FeaturedSection layout={layout} />
            <CollectionsSection layout={layout} />
            <GenresSection layout={layout} />
          </div>
        )}
      </QueryState>
    </Page>
  );
}
