import { describe, expect, it } from 'vitest';
import { descriptionText, sanitizeDescription } from './description';

describe('sanitizeDescription', () => {
  it('turns plain text into paragraphs, escaping what looks like markup', () => {
    expect(sanitizeDescription('One line\nand the next.\n\nA second paragraph & more.')).toBe(
      '<p>One line<br>and the next.</p><p>A second paragraph &amp; more.</p>',
    );
    expect(sanitizeDescription('2 < 3 and 5 > 4')).toBe('<p>2 &lt; 3 and 5 &gt; 4</p>');
    expect(sanitizeDescription('  ')).toBe('');
  });

  it('keeps paragraphs, emphasis, lists and web links; drops scripts, handlers and other schemes', () => {
    const html = sanitizeDescription(
      '<p onclick="x()">A <b>bold</b> <i>tale</i>.<script>alert(1)</script></p><ul><li>one</li></ul>' +
        '<a href="javascript:alert(1)">bad</a> <a href="https://example.com/a?b=1&amp;c=2" style="x">good</a><img src=x onerror=alert(1)><div>unwrapped</div>',
    );
    expect(html).toBe(
      '<p>A <strong>bold</strong> <em>tale</em>.</p><ul><li>one</li></ul>bad <a href="https://example.com/a?b=1&amp;c=2" rel="nofollow noopener noreferrer" target="_blank">good</a>unwrapped',
    );
  });

  it('is stable: cleaning a clean description changes nothing', () => {
    for (const input of ['Plain\n\ntext & more', '<p>A <a href="https://x.test/?a=1&amp;b=2">link</a> &lt;3</p><ol><li>x</li></ol>']) {
      const once = sanitizeDescription(input);
      expect(sanitizeDescription(once)).toBe(once);
    }
  });

  it('gives back the words for meta tags and search', () => {
    expect(descriptionText('<p>Salt &amp; <em>pears</em>.</p><p>Two</p>')).toBe('Salt & pears. Two');
  });
});
