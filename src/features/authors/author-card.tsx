/** An author in the directory: photo (or initials), name and number of books; the name links to their page. */
import { Link } from 'react-router';
import type { AuthorCard as AuthorCardData } from '../../../sync/api/authors';

/** Up to two initials: "Élodie Garnier" → "ÉG". */
function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]!, parts.at(-1)!] : parts;
  return letters.map((p) => [...p][0]!.toUpperCase()).join('') || '?';
}

/** Decorative: the name is always written beside it. */
export function AuthorAvatar({ name, url, size = 'md' }: { name: string; url: string | null; size?: 'md' | 'lg' }) {
  const px = size === 'lg' ? 128 : 72;
  if (url) return <img className={`author-avatar author-avatar-${size}`} src={url} alt="" width={px} height={px} loading="lazy" decoding="async" />;
  return (
    <span className={`author-avatar author-avatar-${size} author-avatar-initials`} aria-hidden="true">
      {initials(name)}
    </span>
  );
}

export function AuthorCard({ author }: { author: AuthorCardData }) {
  return (
    <li className="author-card">
      <AuthorAvatar name={author.name} url={author.avatarUrl} />
      <div>
        <h2 className="author-card-name">
          <Link to={`/author/${encodeURIComponent(author.id)}`} className="stretched-link">
            {author.name}
          </Link>
        </h2>
        <p className="author-card-count">{author.bookCount === 1 ? '1 book' : `${author.bookCount} books`}</p>
      </div>
    </li>
  );
}
