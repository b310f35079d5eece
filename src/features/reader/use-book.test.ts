import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookDetailResponse } from '../../../sync/api/books';
import { openingChapter } from '../../../sync/books/opening-chapter';
import { loadChapter, startReading } from './use-book';

const chapter = (id: string, readable = true) => ({ id, title: id, linear: true, wordCount: 100, readable });

function book(id: string): BookDetailResponse {
  return {
    id,
    slug: id,
    title: 'A book',
    subtitle: '',
    description: '',
    language: 'en',
    contributors: [],
    publisher: '',
    status: 'published',
    priceCents: 0,
    currency: 'EUR',
    coverUrl: null,
    direction: 'ltr',
    writingMode: 'horizontal-tb',
    accessibility: { accessModes: [], accessModesSufficient: [], features: [], hazards: [], summary: '', conformsTo: [] },
    toc: [],
    stylesheets: [],
    access: 'sample',
    sampleChapterId: 'c2',
    chapters: [chapter('cover', false), chapter('c2'), chapter('c3', false)],
  };
}

/** A fetch whose answers the test releases one by one; `requested` lists the paths asked for, in order. */
function heldFetch(bookId: string) {
  const requested: string[] = [];
  const release = new Map<string, () => void>();
  vi.stubGlobal('fetch', (url: string) => {
    requested.push(url);
    const body = url.includes('/chapters/') ? { id: url.split('/').pop(), bookId, ord: 1, title: '', linear: true, xhtml: '<p>x</p>' } : book(bookId);
    return new Promise<Response>((resolve) => release.set(url, () => resolve(Response.json(body))));
  });
  return { requested, release: (url: string) => release.get(url)!() };
}

afterEach(() => vi.unstubAllGlobals());

describe('the chapter the reader opens at', () => {
  it('is the remembered place when that chapter is readable, else the first readable chapter', () => {
    expect(openingChapter(book('b'), { chapterId: 'c2' })).toBe('c2');
    expect(openingChapter(book('b'), { chapterId: 'c3' })).toBe('c2');
    expect(openingChapter(book('b'), null)).toBe('c2');
  });
});

describe('starting a book early', () => {
  it('requests the remembered chapter alongside the book, before the book answers', async () => {
    const net = heldFetch('b1');
    startReading(new QueryClient(), 'b1', { chapterId: 'c2' });
    await vi.waitFor(() => expect(net.requested).toEqual(['/api/books/b1/chapters/c2', '/api/books/b1']));
    net.release('/api/books/b1');
    net.release('/api/books/b1/chapters/c2');
    // The page's own request for that chapter is the same one, already answered.
    expect((await loadChapter({ id: 'b1', status: 'published' }, 'c2')).id).toBe('c2');
    expect(net.requested).toHaveLength(2);
  });

  it('with no remembered place, requests the first readable chapter as soon as the book answers', async () => {
    const net = heldFetch('b2');
    const client = new QueryClient();
    startReading(client, 'b2', null);
    await vi.waitFor(() => expect(net.requested).toEqual(['/api/books/b2']));
    net.release('/api/books/b2');
    await vi.waitFor(() => expect(net.requested).toEqual(['/api/books/b2', '/api/books/b2/chapters/c2']));
    expect(client.getQueryData(['reader-book', 'book', 'b2'])).toMatchObject({ id: 'b2' });
  });
});
