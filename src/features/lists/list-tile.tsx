/** A list as a tile on /lists and profiles: name, a few covers, count and owner. */
import { Link } from 'react-router';
import { Badge } from '../../ui';
import type { ReadingListItem } from '../../../sync/collections/reading-lists';

export function ItemCover({ item, className = 'list-item-cover' }: { item: Pick<ReadingListItem, 'coverUrl' | 'title'>; className?: string }) {
  return item.coverUrl ? (
    <img className={className} src={item.coverUrl} alt="" width={56} height={90} loading="lazy" />
  ) : (
    <span className={className} aria-hidden="true" />
  );
}

export function ListTile({
  id,
  name,
  description,
  count,
  covers = [],
  visibility,
  byline,
}: {
  id: string;
  name: string;
  description: string;
  count: number;
  covers?: Pick<ReadingListItem, 'bookId' | 'title' | 'coverUrl'>[];
  visibility?: string;
  byline?: string;
}) {
  return (
    <li>
      <Link className="list-tile" to={`/lists/${encodeURIComponent(id)}`}>
        {covers.length > 0 && (
          <div className="list-tile-covers" aria-hidden="true">
            {covers.slice(0, 4).map((c) => (
              <ItemCover key={c.bookId} item={c} className="" />
            ))}
          </div>
        )}
        <h3>{name}</h3>
        {description && <p>{description.length > 120 ? `${description.slice(0, 117)}…` : description}</p>}
        <p>
          {count} {count === 1 ? 'book' : 'books'}
          {byline && ` · by ${byline}`}
        </p>
        {visibility && (
          <span>
            <Badge tone={visibility === 'public' ? 'accent' : 'neutral'}>{visibilityLabel(visibility)}</Badge>
          </span>
        )}
      </Link>
    </li>
  );
}

export function visibilityLabel(visibility: string): string {
  return visibility === 'public' ? 'Public' : visibility === 'unlisted' ? 'Unlisted' : 'Private';
}
