/**
 * `/`: the shop front. Visitors get a hero with the sign-up call, signed-in people a greeting
 * and "Continue reading"; both get the featured and new-release rows and the latest blog posts. This is the first-load
 * budget page (150 KiB brotli for all of `/`), so it uses nothing beyond the shell's own
 * dependencies.
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { getHomeBooks, type BookCard as BookCardData, type HomeBooksResponse } from '../../../sync/api/books';
import type { Me } from '../../../sync/api/session';
import { call } from '../../lib/api';
import { useSession } from '../../lib/session';
import { EmptyState, LinkButton, QueryState, usePageTitle } from '../../ui';
import { BookCard, BookRowSkeleton } from '../store/book-card';
import { ContinueReading, useContinueReading } from './continue-reading';
import { takeFirstVisit } from './continue-reading-data';
import './home.css';
import { HOME_BOOKS_KEY } from '../../../sync/api/page-queries';

// Their own chunks, fetched only for signed-in people, so visitors' first load stays as it was.
const WishlistToggle = lazy(() => import('../wishlist/wishlist-toggle'));
const FollowedShelf = lazy(() => import('../authors/followed-shelf'));
// The latest blog posts: their own chunk too, after the shelves, so `/` stays within its budget.
const LatestPosts = lazy(() => import('../blog/latest-posts'));

/** A fan of featured covers beside the hero text: decoration only, the shelves carry the content. */
function HeroCovers({ books }: { books: BookCardData[] }) {
  const covers = books.filter((b) => b.coverUrl).slice(0, 3);
  if (covers.length === 0) return null;
  return (
    <div className={`home-hero-covers home-hero-covers-${covers.length}`} aria-hidden="true">
      {covers.map((b) => (
        <img key={b.id} src={b.coverUrl!} alt="" width={160} height={256} />
      ))}
    </div>
  );
}

/** The signed-in top of home: a greeting, the books under way, new books of followed authors. */
function SignedInHead({ user }: { user: Me }) {
  const items = useContinueReading(user.id);
  // Decided once per visit, from what this device shows first, so it never flips mid-page.
  const [first] = useState(() => takeFirstVisit(localStorage, user.id, items.length > 0));
  const firstName = user.displayName.split(' ')[0] || user.displayName;
  return (
    <>
      <section className="home-hero home-hero-greeting" aria-labelledby="home-heading">
        <div className="home-hero-text">
          <h1 id="home-heading">{first ? `Welcome, ${firstName}.` : `Welcome back, ${firstName}.`}</h1>
          <p className="home-lede">{first ? 'Find your first book on the shelves below.' : "Here's what's new on the shelves since you last looked."}</p>
        </div>
      </section>
      <ContinueReading items={items} />
      <Suspense fallback={null}>
        <FollowedShelf userId={user.id} />
      </Suspense>
    </>
  );
}

function Hero({ featured }: { featured: BookCardData[] }) {
  const { user, isLoading } = useSession();
  if (user) return <SignedInHead user={user} />;
  return (
    <section className="home-hero" aria-labelledby="home-heading">
      <div className="home-hero-text">
        <p className="home-kicker">Write · Publish · Read</p>
        <h1 id="home-heading">Books worth staying up for.</h1>
        <p className="home-lede">
          Quire is a home for books and the people who make them. Read anywhere, even offline; write with co-authors; publish to readers who are looking for
          you.
        </p>
        {/* Hidden while the session loads, so signed-in people never see a flash of "Sign up". */}
        <div className="home-cta" style={{ visibility: isLoading ? 'hidden' : undefined }}>
          <LinkButton to="/auth?mode=signup">Create a free account</LinkButton>
          <LinkButton to="/auth" variant="secondary">
            Sign in
          </LinkButton>
        </div>
      </div>
      <HeroCovers books={featured} />
    </section>
  );
}

function Shelf({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="home-shelf" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Shelves({ data }: { data: HomeBooksResponse }) {
  const { user } = useSession();
  const action = (book: BookCardData) =>
    user ? (
      <Suspense fallback={null}>
        <WishlistToggle book={book} userId={user.id} />
      </Suspense>
    ) : undefined;
  if (data.featured.length === 0 && data.newReleases.length === 0) {
    return (
      <EmptyState title="The shelves are empty for now">
        <p>When publishers release their first books, they'll appear here.</p>
      </EmptyState>
    );
  }
  return (
    <>
      {data.featured.length > 0 && (
        <Shelf id="featured-heading" title="Featured">
          <div className="book-row book-row-featured">
            {data.featured.map((b, i) => (
              <BookCard key={b.id} book={b} size="lg" eager={i < 3} action={action(b)} />
            ))}
          </div>
        </Shelf>
      )}
      {data.newReleases.length > 0 && (
        <Shelf id="new-heading" title="New releases">
          <div className="book-row">
            {data.newReleases.map((b) => (
              <BookCard key={b.id} book={b} action={action(b)} />
            ))}
          </div>
        </Shelf>
      )}
    </>
  );
}

export function HomePage() {
  usePageTitle('');
  const query = useQuery({ queryKey: HOME_BOOKS_KEY, queryFn: () => call(getHomeBooks), staleTime: 60_000 });
  return (
    <div className="page page-wide home">
      <Hero featured={query.data?.featured ?? []} />
      {query.isPending ? (
        <Shelf id="featured-heading" title="Featured">
          <BookRowSkeleton />
        </Shelf>
      ) : (
        <QueryState query={query} what="The book list">
          {(data) => <Shelves data={data} />}
        </QueryState>
      )}
      <Suspense fallback={null}>
        <LatestPosts />
      </Suspense>
    </div>
  );
}
