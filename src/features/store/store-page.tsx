/**
 * `/store`: the catalogue's front — shelves (featured, collections, new, free, genres) and the
 * genre list — or, once something is searched, a page of results. The search text lives in the
 * URL (?q=), so results can be shared and the back button returns to the shelves.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { getStoreHome, searchStore, type StoreHomeResponse } from '../../../sync/api/store';
import { call } from '../../lib/api';
import { EmptyState, QueryState, useOnline, usePageTitle } from '../../ui';
import { BookCard, BookRowSkeleton } from './book-card';
import { OfflineNotice, StoreResults } from './results';
import { StoreSearchBox } from './search-box';
import './store.css';
import { storeHomeKey } from '../../../sync/api/page-queries';

function Shelves({ data }: { data: StoreHomeResponse }) {
  if (data.shelves.length === 0) {
    return (
      <EmptyState title="The store is empty for now">
        <p>When publishers release their first books, they'll appear here.</p>
      </EmptyState>
    );
  }
  return (
    <>
      {data.genres.length > 0 && (
        <nav className="store-genres" aria-label="Genres">
          {data.genres.map((g) => (
            <Link key={g.code} to={`/store/advanced-search?genre=${g.code}`} className="chip">
              {g.name} <span className="chip-count">{g.count}</span>
            </Link>
          ))}
        </nav>
      )}
      {data.shelves.map((shelf, s) => (
        <section key={shelf.id} className="store-shelf" aria-labelledby={`shelf-${s}`}>
          <div className="store-shelf-head">
            <h2 id={`shelf-${s}`}>{shelf.title}</h2>
            {shelf.more && (
              <Link to={`/store/advanced-search?${shelf.more}`}>
                See all<span className="visually-hidden"> {shelf.title}</span>
              </Link>
            )}
          </div>
          <div className="book-row">
            {shelf.books.map((b, i) => (
              <BookCard key={b.id} book={b} eager={s === 0 && i < 4} />
            ))}
          </div>
        </section>
      ))}
    </>
  );
}

export function StorePage() {
  const online = useOnline();
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const page = Number(params.get('page') ?? '1') || 1;
  usePageTitle(q ? `“${q}” in the store` : 'Store');
  const home = useQuery({ queryKey: storeHomeKey, queryFn: () => call(getStoreHome), enabled: !q });
  const results = useQuery({
    queryKey: ['store', 'search', q, page],
    queryFn: ({ signal }) => call(searchStore, { query: { q, page }, signal }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
  return (
    <div className="page page-wide store">
      <header className="store-head">
        <h1>Store</h1>
        <StoreSearchBox key={q} initial={q} onSearch={(text) => setParams(text ? { q: text } : {})} />
        <Link to={q ? `/store/advanced-search?q=${encodeURIComponent(q)}` : '/store/advanced-search'} className="store-advanced-link">
          Advanced search
        </Link>
      </header>
      {!online && <OfflineNotice />}
      {q ? (
        <QueryState query={results} what="Searching the store" lines={6}>
          {(data) => (
            <StoreResults
              data={data}
              params={params}
              busy={results.isPlaceholderData}
              emptyHint={`Nothing matches “${q}”. Check the spelling, or try fewer words.`}
            />
          )}
        </QueryState>
      ) : home.isPending ? (
        <BookRowSkeleton />
      ) : (
        <QueryState query={home} what="The store">
          {(data) => <Shelves data={data} />}
        </QueryState>
      )}
    </div>
  );
}
