import { describe, expect, it } from 'vitest';
import { storePageOf } from './offline-cache';

describe('storePageOf', () => {
  it('names the store answers the service worker keeps, and nothing else', () => {
    expect(storePageOf('/api/store')).toEqual({ kind: 'shelves' });
    expect(storePageOf('/api/store/search')).toEqual({ kind: 'search' });
    expect(storePageOf('/api/store/books/demo-salt%20and')).toEqual({ kind: 'book', bookId: 'demo-salt and' });
    expect(storePageOf('/api/store/books/%E0%A4')).toEqual({ kind: 'book', bookId: '%E0%A4' });
    for (const path of ['/api/store/suggest', '/api/store/books/x/y', '/api/storefront', '/api/admin/store', '/api/store/books/']) {
      expect(storePageOf(path), path).toBeNull();
    }
  });
});
