/**
 * `/book/{id}/sample`: the free first chapter, for anyone, signed in or not, online (the chapter
 * API serves the sample to visitors). At its end: how to read on — buy, claim, or open the book
 * when it is already owned.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { getBookChapter } from '../../../sync/api/books';
import { getStoreBook } from '../../../sync/api/store';
import { call } from '../../lib/api';
import { LinkButton, QueryState, usePageTitle } from '../../ui';
import { Price } from './book-card';
import { useOwnsBook } from './use-owns-book';
import './store.css';
import { storeBookKey } from '../../../sync/api/page-queries';

export function SamplePage() {
  const { bookId = '' } = useParams();
  const owned = useOwnsBook(bookId);
  const book = useQuery({ queryKey: storeBookKey(bookId), queryFn: () => call(getStoreBook, { params: { id: bookId } }) });
  const chapterId = book.data?.sampleChapterId ?? null;
  const chapter = useQuery({
    queryKey: ['store', 'sample', bookId, chapterId],
    queryFn: () => call(getBookChapter, { params: { id: bookId, chapterId: chapterId! } }),
    enabled: chapterId !== null,
  });
  usePageTitle(book.data ? `Sample: ${book.data.title}` : 'Sample');
  return (
    <div className="page store-sample">
      <QueryState query={book} what="This sample" lines={3}>
        {(b) => (
          <>
            <p className="store-breadcrumb">
              <Link to={`/book/${b.id}`}>{b.title}</Link> › Sample
            </p>
            <p className="store-sample-banner">Free sample · the first chapter</p>
            <QueryState query={chapter} what="This sample" lines={12}>
              {(c) => (
                <article className="store-sample-text" lang={b.language} aria-label={`Sample of ${b.title}`} dangerouslySetInnerHTML={{ __html: c.xhtml }} />
              )}
            </QueryState>
            <aside className="store-sample-end" aria-label="Read on">
              <h2>Enjoying {b.title}?</h2>
              {owned ? (
                <LinkButton to={`/books/${b.id}`}>Keep reading</LinkButton>
              ) : (
                <>
                  <p>
                    The whole book: <Price book={b} />
                  </p>
                  <LinkButton to={`/book/${b.id}`}>{b.priceCents === 0 ? 'Get it free' : 'Buy the book'}</LinkButton>
                </>
              )}
            </aside>
          </>
        )}
      </QueryState>
    </div>
  );
}
