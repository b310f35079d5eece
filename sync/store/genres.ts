/**
 * Store genres are Thema subject codes (the book trade's international scheme, EDItEUR), with
 * their English headings. A book carries codes; a filter on a code also finds its narrower codes
 * (FF finds FFD), since Thema codes nest by prefix. Only the headings the catalogue uses are
 * listed; an unknown code is shown as the code itself.
 */
export const GENRES = {
  FB: 'Fiction: general & literary',
  FBA: 'Modern & contemporary fiction',
  FF: 'Crime & mystery fiction',
  FH: 'Thriller / suspense fiction',
  FJ: 'Adventure fiction',
  FK: 'Horror & ghost stories',
  FL: 'Science fiction',
  FM: 'Fantasy',
  FR: 'Romance',
  FU: 'Humorous fiction',
  FV: 'Historical fiction',
  DC: 'Poetry',
  DN: 'Biography & non-fiction prose',
  VS: 'Self-help & personal development',
  WB: 'Cookery / food & drink',
  WM: 'Gardening',
  WT: 'Travel & holiday',
  YF: "Children's & teenage fiction",
} as const satisfies Record<string, string>;

export type GenreCode = keyof typeof GENRES;

export function genreName(code: string): string {
  return (GENRES as Record<string, string>)[code] ?? code;
}

/** The broad genres the store shows as shelves when the admin has not chosen any. */
export const DEFAULT_SHELF_GENRES: GenreCode[] = ['FB', 'FF', 'FM', 'FL', 'FR', 'DC', 'DN', 'VS'];

/** A valid-looking Thema code: one to six capital letters or digits, starting with a letter. */
export const GENRE_CODE = /^[A-Z][A-Z0-9]{0,5}$/;
