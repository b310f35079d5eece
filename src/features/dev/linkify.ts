/**
 * Splits plain text into text and http(s) link parts, so mail bodies can show clickable links
 * while everything else stays text (React escapes it; no HTML is ever injected).
 */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; href: string };

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
/** Punctuation that usually ends the sentence around a URL rather than the URL itself. */
const TRAILING = /[.,;:!?)\]}]+$/;

export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    let href = match[0];
    const trailing = href.match(TRAILING)?.[0] ?? '';
    href = href.slice(0, href.length - trailing.length);
    const start = match.index;
    if (!isHttpUrl(href)) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

function isHttpUrl(candidate: string): boolean {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
