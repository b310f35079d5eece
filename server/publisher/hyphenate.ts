/**
 * Where an ISBN's hyphens go depends on the ISBN agency's range table (DOMAIN.md): isbn3 ships
 * it (about 100 KB), so hyphenation happens on the server, for display and the CSV, and the table
 * never reaches the client bundle. A number outside every known range keeps its 13 digits.
 */
import { parse } from 'isbn3';

export function hyphenateIsbn(isbn13: string): string {
  return parse(isbn13)?.isbn13h ?? isbn13;
}
