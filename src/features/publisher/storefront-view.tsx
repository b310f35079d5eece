/**
 * An imprint's storefront as visitors see it: banner, logo, name, description, the featured
 * books in their order, then every published book. The same component shows the editor's
 * preview (/publisher/publisher-store) and the public page (/store/publisher/{slug}).
 */
import type { StoreBookCard } from '../../../sync/api/store';
import type { Storefront } from '../../../sync/api/publisher-storefront';
import { Picture } from '../../ui';
import { BookCard } from '../store/book-card';
import '../store/book-card.css';
import './storefront.css';

export function StorefrontView({ storefront, books, headingLevel: H = 'h1' }: { storefront: Storefront; books?: StoreBookCard[]; headingLevel?: 'h1' | 'h2' }) {
  return (
    <div className="storefront">
      <div className={`storefront-banner${storefront.banner ? '' : ' storefront-banner-blank'}`}>
        {storefront.banner && <Picture src={storefront.banner.url} set={storefront.banner.set} sizes="(max-width: 70rem) 100vw, 70rem" alt="" />}
      </div>
      <div className="storefront-head">
        {storefront.logo ? (
          <Picture
            className="storefront-logo"
            src={storefront.logo.url}
            set={storefront.logo.set}
            sizes="6rem"
            alt={`${storefront.name} logo`}
            width={96}
            height={96}
          />
        ) : (
          <div className="storefront-logo storefront-logo-blank" aria-hidden="true">
            {storefront.name.slice(0, 1)}
          </div>
        )}
        <div>
          <H className="storefront-name">{storefront.name}</H>
          {storefront.website && (
            <a href={storefront.website} rel="noopener noreferrer external" target="_blank">
              {storefront.website.replace(/^https?:\/\//, '')}
            </a>
          )}
        </div>
      </div>
      {storefront.description && <p className="storefront-description">{storefront.description}</p>}
      {storefront.featured.length > 0 && (
        <section aria-label="Featured books">
          <h2>Featured</h2>
          <div className="book-row book-row-featured">
            {storefront.featured.map((b) => (
              <BookCard key={b.id} book={b} size="lg" />
            ))}
          </div>
        </section>
      )}
      {books && (
        <section aria-label="All books">
          <h2>All books</h2>
          {books.length === 0 ? (
            <p className="muted">No books in the store yet.</p>
          ) : (
            <div className="storefront-grid">
              {books.map((b) => (
                <BookCard key={b.id} book={b} />
              ))}
            </div>
          )}
        </section>
      )}
    </div>
  );
}
