import { describe, expect, it } from 'vitest';
import { addBook, moveItem, removeItem, setNote } from './list-model';

const book = (id: string) => ({ id, slug: id, title: `T${id}`, subtitle: '', authors: ['A', 'B'], priceCents: 0, currency: 'EUR', coverUrl: null });

describe('list items', () => {
  const items = ['a', 'b', 'c'].reduce((acc, id) => addBook(acc, book(id)), [] as ReturnType<typeof addBook>);

  it('adds a book once, with its card copied', () => {
    expect(items.map((i) => [i.bookId, i.position, i.title, i.authors])).toEqual([
      ['a', 0, 'Ta', 'A, B'],
      ['b', 1, 'Tb', 'A, B'],
      ['c', 2, 'Tc', 'A, B'],
    ]);
    expect(addBook(items, book('a'))).toBe(items);
    expect(items[0]).not.toHaveProperty('coverUrl');
  });

  it('moves and renumbers; ignores moves off the ends', () => {
    expect(moveItem(items, 2, 0).map((i) => `${i.bookId}${i.position}`)).toEqual(['c0', 'a1', 'b2']);
    expect(moveItem(items, 0, -1)).toBe(items);
    expect(moveItem(items, 2, 3)).toBe(items);
  });

  it('removes and notes', () => {
    expect(removeItem(items, 'a').map((i) => `${i.bookId}${i.position}`)).toEqual(['b0', 'c1']);
    expect(setNote(items, 'b', 'great')[1]!.note).toBe('great');
  });
});
