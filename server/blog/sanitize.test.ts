import { describe, expect, it } from 'vitest';
import { bodyText, sanitizePostBody } from './sanitize';

const FILE = '/api/files/abcdefghijklmnopqrstuvwx/content';

describe('sanitizePostBody', () => {
  it('keeps the editor’s structure and formatting', () => {
    const html =
      '<h2>Notes</h2><p class="ed-p" dir="ltr"><b><strong>Bold</strong></b> and <i><em>italic</em></i></p><ul><li>one</li></ul><hr class="scene-break">';
    const clean = sanitizePostBody(html);
    expect(clean).toContain('<h2>Notes</h2>');
    expect(clean).toContain('<strong>Bold</strong>');
    expect(clean).toContain('<li>one</li>');
    expect(clean).toContain('<hr class="scene-break" />');
    expect(clean).not.toContain('quire-body');
  });

  it('strips scripts, event handlers and script URLs', () => {
    const clean = sanitizePostBody(
      '<p onclick="alert(1)" onmouseover="steal()">Hi<script>alert(2)</script></p><img src="x" onerror="alert(3)"><a href="javascript:alert(4)">link</a><iframe src="https://evil.test"></iframe><svg onload="alert(5)"></svg><style>body{display:none}</style>',
    );
    expect(clean).not.toMatch(/script|onclick|onmouseover|onerror|onload|javascript:|iframe|<style|alert/i);
    expect(clean).toContain('<p>Hi</p>');
    expect(clean).toContain('<a>link</a>');
  });

  it('keeps Quire file images and web links, drops outside images', () => {
    const clean = sanitizePostBody(
      `<p><img src="${FILE}" alt="A lighthouse"><img src="https://tracker.test/pixel.gif" alt=""><a href="https://quire.test/store">store</a></p>`,
    );
    expect(clean).toContain(`<img src="${FILE}" alt="A lighthouse" />`);
    expect(clean).not.toContain('tracker.test');
    expect(clean).toContain('href="https://quire.test/store"');
  });
});

describe('bodyText', () => {
  it('flattens a body to its words', () => {
    expect(bodyText('<h2>Title</h2><p>One &amp; two</p><p>three</p>')).toBe('Title One & two three');
  });
});
