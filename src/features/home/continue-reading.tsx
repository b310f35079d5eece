/**
 * "Continue reading" on the signed-in home: the books under way, each one tap back to its place.
 * It paints from this device's snapshot at once, then follows the live library-progress documents
 * (local, so offline too) and the library list (Cache API when offline) once they are ready.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useLiveDocs } from '../../db/use-live-docs';
import { fetchLibraryCached } from '../library/offline-books';
import { usePreferences } from '../theming/preferences-store';
import { pickInProgress, readSnapshot, writeSnapshot, type ContinueItem } from './continue-reading-data';

/** Same key and fetch as /books, so the two pages share one request and one cache entry. */
function useLibraryList() {
  return useQuery({ queryKey: ['library'], queryFn: () => fetchLibraryCached(), retry: false });
}

/** The snapshot first, the live list once both the database and the library list answered. */
export function useContinueReading(userId: string): ContinueItem[] {
  const [snapshot] = useState(() => readSnapshot(localStorage, userId));
  const library = useLibraryList();
  const { docs, loading } = useLiveDocs('library-progress', { selector: { ownerId: userId } });
  const live = !loading && library.data ? pickInProgress(docs, library.data.books) : null;
  const liveJson = live && JSON.stringify(live);
  useEffect(() => {
    if (liveJson) writeSnapshot(localStorage, userId, JSON.parse(liveJson) as ContinueItem[]);
  }, [liveJson, userId]);
  return live ?? snapshot;
}

function ContinueCard({ item, flow }: { item: ContinueItem; flow: string }) {
  const pct = Math.round(item.progress * 100);
  return (
    <li className="continue-card">
      <div className="continue-cover" aria-hidden="true">
        {item.coverUrl ? (
          <img src={item.coverUrl} alt="" width={96} height={154} decoding="async" />
        ) : (
          <span className="continue-cover-blank">{item.title}</span>
        )}
      </div>
      <div className="continue-info">
        <h3 className="continue-title">
          <Link to={`/books/${item.bookId}${flow}`} className="stretched-link">
            {item.title}
          </Link>
        </h3>
        {item.authors.length > 0 && <p className="continue-authors">{item.authors.join(', ')}</p>}
        <div className="continue-progress" role="progressbar" aria-label={`${item.title}: read`} aria-valuenow={pct} aria-valuemin={0} aria-valuemax={100}>
          <span style={{ width: `${pct}%` }} />
        </div>
        <p className="continue-percent">{pct}% read</p>
      </div>
    </li>
  );
}

/** Nothing at all when nothing is under way: the shelves below speak for themselves. */
export function ContinueReading({ items }: { items: ContinueItem[] }) {
  // Books open in the view chosen on /theming, as on /books.
  const flow = usePreferences().readerLayout === 'flow' ? '/flow' : '';
  if (items.length === 0) return null;
  return (
    <section className="home-shelf" aria-labelledby="continue-heading">
      <h2 id="continue-heading">Continue reading</h2>
      <ul className="continue-row">
        {items.map((item) => (
          <ContinueCard key={item.bookId} item={item} flow={flow} />
        ))}
      </ul>
    </section>
  );
}
