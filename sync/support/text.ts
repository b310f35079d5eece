/**
 * Plain text that people write to each other (messages, support replies, notices): shown as text,
 * never as HTML, so sanitising means taking out what can mislead or break a layout rather than
 * escaping markup. Kept: letters, emoji, new lines and tabs. Taken out: control characters, the
 * bidirectional overrides and isolates that can make "gpj.exe" read as "exe.jpg", and zero-width
 * characters at either end. Canonical composition (NFC), so the same words compare equal. Runs on
 * the device before a message is stored and on the server, which refuses anything it would change.
 */
// C0 and C1 controls except tab (\u0009) and line feed (\u000A); DEL.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;
// LRE RLE PDF LRO RLO, LRI RLI FSI PDI, and the line/paragraph separators that split lines unseen.
const BIDI_AND_SEPARATORS = /[\u202A-\u202E\u2066-\u2069\u2028\u2029]/g;
const EDGE_INVISIBLES = /^[\s\u200B-\u200D\uFEFF]+|[\s\u200B-\u200D\uFEFF]+$/g;

export function cleanText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(CONTROLS, '')
    .replace(BIDI_AND_SEPARATORS, '')
    .replace(/\n{3,}/g, '\n\n')
    .replace(EDGE_INVISIBLES, '');
}

/** Is `text` already what cleanText makes of it? (The server's check on a device's message.) */
export function isCleanText(text: string): boolean {
  return cleanText(text) === text;
}

/**
 * A notice's link: a path on this site ('/blog/news', '/store?x=1'), never another origin or a
 * scheme like javascript:. Null when the link is not one.
 */
export function sitePath(link: string): string | null {
  const trimmed = link.trim();
  if (!trimmed.startsWith('/') || trimmed.startsWith('//') || trimmed.includes('\\')) return null;
  try {
    const url = new URL(trimmed, 'https://quire.invalid');
    if (url.origin !== 'https://quire.invalid') return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
