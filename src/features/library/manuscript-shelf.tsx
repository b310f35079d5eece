/**
 * The manuscripts I own or co-write, on the library page next to my books. They come from the
 * replicated `manuscripts` and `manuscript-chapters` collections (so the list shows offline) and
 * open in the reader at /books/manuscript/{id}, with progress like any book.
 */
import { Link } from 'react-router';
import { manuscriptRole } from '../../../sync/manuscripts/policy';
import type { LibraryProgress } from '../../../sync/collections/library-progress';
import { useLiveDocs } from '../../db/use-live-docs';
import { formatRelative } from '../../ui';

const ROLE_TEXT = { editor: 'co-author', commenter: 'commenter', viewer: 'reader' } as const;

export function ManuscriptShelf({ userId, progress }: { userId: string; progress: Map<string, LibraryProgress> }) {
  const { docs: manuscripts } = useLiveDocs('manuscripts');
  const { docs: chapters } = useLiveDocs('manuscript-chapters');
  if (manuscripts.length === 0) return null;
  const words = new Map<string, number>();
  for (const c of chapters) words.set(c.manuscriptId, (words.get(c.manuscriptId) ?? 0) + c.wordCount);
  const sorted = [...manuscripts].sort((a, b) => b.updatedAt - a.updatedAt);

  return (
    <section className="library-section" aria-labelledby="library-manuscripts">
      <h2 id="library-manuscripts" className="library-section-title">
        Manuscripts
      </h2>
      <ul className="library-list">
        {sorted.map((m) => {
          const role = manuscriptRole(m, userId);
          const p = progress.get(m.id);
          const pct = Math.round((p?.position.progress ?? 0) * 100);
          return (
            <li key={m.id} className="library-item" data-testid="library-manuscript">
              <Link to={`/books/manuscript/${m.id}`} className="library-cover" aria-hidden="true" tabIndex={-1}>
                <span className="library-cover-blank library-cover-manuscript">{m.title}</span>
              </Link>
              <div className="library-info">
                <h3 className="library-title">
                  <Link to={`/books/manuscript/${m.id}`}>{m.title}</Link>
                </h3>
                <p className="library-authors">
                  {role === 'owner' || role === null ? 'Your manuscript' : `Shared by ${m.ownerName} · you're a ${ROLE_TEXT[role]}`}
                </p>
                <p className="library-meta">
                  {(words.get(m.id) ?? 0).toLocaleString()} words · {pct}% read{p ? ` · last read ${formatRelative(p.updatedAt)}` : ''}
                </p>
                <p className="library-links">
                  <Link to={`/books/manuscript/${m.id}`}>Read</Link>
                  <Link to={`/editor/${m.id}`}>Open in the editor</Link>
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
