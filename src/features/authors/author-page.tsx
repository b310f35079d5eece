/**
 * `/author/{id}`: an author's bio, photo and store books, with follow / unfollow and "Message"
 * for signed-in people, and the sign-up to the author's newsletter (signed in or not).
 * The page is the same for everyone (whether one follows lives in the replicated follows), so
 * the service worker keeps it; it is also rendered server-side as meta tags for link previews
 * (server/site/store-meta.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { getAuthor, type AuthorResponse } from '../../../sync/api/authors';
import { ApiRequestError, call } from '../../lib/api';
import { useSession } from '../../lib/session';
import { EmptyState, LinkButton, QueryState, Skeleton, useOnline, usePageTitle } from '../../ui';
import { BookCard } from '../store/book-card';
import { AuthorAvatar } from './author-card';
import { NewsletterSignup } from './newsletter-signup';
import './authors.css';
import '../store/store.css';

// Its own chunk (it opens the local database), fetched only for signed-in people.
const AuthorActions = lazy(() => import('./author-actions'));

function Actions({ author }: { author: AuthorResponse }) {
  const { user, isLoading } = useSession();
  if (isLoading) return null;
  if (!user) {
    return <LinkButton to={`/auth?next=${encodeURIComponent(`/author/${author.id}`)}`}>Sign in to follow</LinkButton>;
  }
  if (user.id === author.id) {
    return (
      <p className="author-own">
        This is your author page. <Link to="/settings">Edit your bio and photo</Link>
      </p>
    );
  }
  return (
    <Suspense fallback={null}>
      <AuthorActions author={author} userId={user.id} />
    </Suspense>
  );
}

function Author({ author }: { author: AuthorResponse }) {
  usePageTitle(author.name);
  const online = useOnline();
  const paragraphs = author.bio.split(/\n\s*\n/).filter((p) => p.trim());
  return (
    <div className="page page-wide author-page">
      <p className="store-breadcrumb">
        <Link to="/authors">Authors</Link> ›
      </p>
      <header className="author-head">
        <AuthorAvatar name={author.name} url={author.avatarUrl} size="lg" />
        <div className="author-head-text">
          <h1>{author.name}</h1>
          <p className="author-meta">{author.bookCount === 1 ? '1 book in the store' : `${author.bookCount} books in the store`}</p>
          <div className="author-actions">
            <Actions author={author} />
          </div>
        </div>
      </header>
      {!online && <p className="field-hint">You're offline: this page may be out of date.</p>}
      {/* Bio, books, newsletter: the reading order; wide screens put the newsletter beside the bio. */}
      <div className="author-body">
        <section className="author-bio" aria-labelledby="author-about">
          <h2 id="author-about">About</h2>
          {paragraphs.length > 0 ? paragraphs.map((p, i) => <p key={i}>{p}</p>) : <p className="author-muted">{author.name} has not written a bio yet.</p>}
        </section>
        <section className="author-books" aria-labelledby="author-books">
          <h2 id="author-books">Books</h2>
          <div className="book-grid">
            {author.books.map((b, i) => (
              <BookCard key={b.id} book={b} eager={i < 4} />
            ))}
          </div>
        </section>
        <NewsletterSignup authorId={author.id} authorName={author.name} />
      </div>
    </div>
  );
}

function NoSuchAuthor() {
  usePageTitle('Author not found');
  return (
    <div className="page">
      <EmptyState
        level={1}
        title="No such author"
        action={
          <LinkButton to="/authors" variant="secondary">
            Browse authors
          </LinkButton>
        }
      >
        <p>No author with books in the store has this address.</p>
      </EmptyState>
    </div>
  );
}

export function AuthorPage() {
  const { authorId = '' } = useParams();
  const query = useQuery({
    queryKey: ['authors', 'author', authorId],
    queryFn: () => call(getAuthor, { params: { id: authorId } }),
    retry: (count, error) => !(error instanceof ApiRequestError && error.status === 404) && count < 2,
  });
  if (query.error instanceof ApiRequestError && query.error.status === 404) return <NoSuchAuthor />;
  if (query.isPending) {
    return (
      <div className="page page-wide">
        <Skeleton lines={6} label="Loading the author…" />
      </div>
    );
  }
  return (
    <div>
      <QueryState query={query} what="This author's page">
        {(author) => <Author author={author} />}
      </QueryState>
    </div>
  );
}
