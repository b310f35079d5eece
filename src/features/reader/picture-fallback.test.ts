// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fallBackToOriginals } from './picture-fallback';

describe('fallBackToOriginals', () => {
  it('drops the sources of a chapter picture whose image failed, leaving the original src; other images are left alone', () => {
    const root = document.createElement('section');
    root.innerHTML =
      '<picture class="quire-picture"><source type="image/avif" srcset="/api/images/a.avif 320w"/><source type="image/webp" srcset="/api/images/a.webp 320w"/><img src="/api/books/b/assets/a.png" alt=""/></picture>' +
      '<picture class="other"><source srcset="x.webp"/><img src="x.png" alt=""/></picture>';
    const stop = fallBackToOriginals(root);
    const [chapterImg, otherImg] = root.querySelectorAll('img');
    otherImg!.dispatchEvent(new Event('error'));
    chapterImg!.dispatchEvent(new Event('error'));
    expect(root.querySelectorAll('.quire-picture source')).toHaveLength(0);
    expect(chapterImg!.getAttribute('src')).toBe('/api/books/b/assets/a.png');
    expect(root.querySelectorAll('.other source')).toHaveLength(1);
    stop();
  });
});
