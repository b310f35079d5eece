/** Someone else's public or unlisted list (or the owner's, before it reaches this device). */
import { Link } from 'react-router';
import type { PublicListResponse } from '../../../sync/api/lists';
import { Badge, EmptyState, Page } from '../../ui';
import { sortedItems } from './list-model';
import { ItemCover, visibilityLabel } from './list-tile';

export function ReadOnlyList({ data }: { data: PublicListResponse }) {
  const { list, owner } = data;
  const items = sortedItems(list);
  return (
    <Page
      title={list.name}
      description={
        <>
          A list by <Link to={`/user/${encodeURIComponent(owner.username)}`}>{owner.displayName}</Link>
        </>
      }
    >
      <div className="list-meta">
        <Badge>{visibilityLabel(list.visibility)}</Badge>
        <span>
          {items.length} {items.length === 1 ? 'book' : 'books'}
        </span>
        <span>· Read-only</span>
      </div>
      {list.description && <p>{list.description}</p>}
      {items.length === 0 ? (
        <EmptyState title="No books in this list yet" />
      ) : (
        <ol className="list-items" aria-label="Books in this list">
          {items.map((item) => (
            <li key={item.bookId} className="list-item list-item-readonly">
              <ItemCover item={item} />
              <div className="list-item-body">
                <h3>
                  {/* Stretched over the card, as on the store's book cards. */}
                  <Link to={`/book/${item.bookId}`} className="stretched-link">
                    {item.title || 'Untitled book'}
                  </Link>
                </h3>
                {item.authors && <p>{item.authors}</p>}
                {item.note && <p className="list-item-note">{item.note}</p>}
              </div>
            </li>
          ))}
        </ol>
      )}
    </Page>
  );
}
