/** Sanitising what people write to each other: shown as text, never as HTML, and never misleading. */
import { describe, expect, it } from 'vitest';
import { cleanText, isCleanText, sitePath } from './text';

describe('cleanText', () => {
  it('keeps markup as the literal text it is (React renders it as text)', () => {
    expect(cleanText('<script>alert(1)</script> <b>hi</b>')).toBe('<script>alert(1)</script> <b>hi</b>');
  });
  it('removes control characters but keeps new lines and tabs', () => {
    expect(cleanText('a\u0000b\u0007c\td\ne\u009Bf')).toBe('abc\td\nef');
  });
  it('removes bidirectional overrides and isolates that disguise text', () => {
    expect(cleanText('invoice\u202Egpj.exe')).toBe('invoicegpj.exe');
    expect(cleanText('\u2066a\u2069 \u2028b')).toBe('a b');
  });
  it('trims edges (zero-width too), folds CRLF and long runs of blank lines, composes accents', () => {
    expect(cleanText('\u200B  hello\r\n\r\n\r\n\r\nworld \uFEFF')).toBe('hello\n\nworld');
    expect(cleanText('Cafe\u0301')).toBe('Café');
  });
  it('says whether text is already clean', () => {
    expect(isCleanText('Hello 👋\nHow are you?')).toBe(true);
    expect(isCleanText('Hello\u202E')).toBe(false);
  });
});

describe('sitePath', () => {
  it('accepts paths on this site', () => {
    expect(sitePath('/blog/news')).toBe('/blog/news');
    expect(sitePath(' /store?genre=poetry#top ')).toBe('/store?genre=poetry#top');
  });
  it('refuses other origins and schemes', () => {
    for (const link of ['javascript:alert(1)', 'https://evil.test/', '//evil.test/x', '/\\evil.test', 'data:text/html,x', 'blog'])
      expect(sitePath(link), link).toBeNull();
  });
});
