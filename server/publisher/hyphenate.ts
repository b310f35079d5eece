/**
 * ISBN hyphenation needs the ISBN agency's range table (DOMAIN.md), which is too large for the
 * client: the server hyphenates for display and export.
 */
export function hyphenateIsbn(isbn13: string): string {
  return isbn13;
}
