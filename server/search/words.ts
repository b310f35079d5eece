/** The words of a query as prefix terms; punctuation and operators typed by people are dropped (every engine's index). */
export function words(text: string): string[] {
  return (text.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12);
}

/** Shorter prefixes would read the index entries of every name word with that letter. */
const NAME_PREFIX_MIN = 2;

/** The words of a typed name, or null when there is nothing to search by name (no word, or one too short). */
export function nameWords(text: string): string[] | null {
  const ws = words(text);
  return ws.length === 0 || (ws.length === 1 && ws[0]!.length < NAME_PREFIX_MIN) ? null : ws;
}
