import { describe, expect, it } from 'vitest';
import { renderChapterState } from '../../collab/lexical-doc';
import { chapterStateFromHtml } from './to-chapter-doc';

const render = (html: string) => renderChapterState(chapterStateFromHtml(html));

describe('chapterStateFromHtml', () => {
  it('keeps headings, paragraphs, marks, lists, quotes and safe links', () => {
    const r = render(
      '<div class="quire-body"><h2>Part</h2><p>a <strong>b</strong> <em>i</em> <u>u</u> <del>gone</del> <a href="https://example.com">site</a></p><ol><li>one</li></ol><blockquote><p>q</p></blockquote></div>',
    );
    expect(r.html).toMatch(/^<h2/);
    expect(r.html).toMatch(/<strong[^>]*>b<\/strong>/);
    expect(r.html).toMatch(/<u><span[^>]*>u<\/span><\/u>/);
    expect(r.html).toMatch(/<s><span[^>]*>gone<\/span><\/s>/);
    expect(r.html).toContain('<a href="https://example.com"');
    expect(r.html).toContain('<ol>');
    expect(r.html).toContain('<blockquote>');
  });

  it('degrades what a chapter cannot hold to paragraphs and drops pictures and dead links', () => {
    const r = render(
      'text outside<p><img src="x.png"></p><table><tr><th>a</th><th>b</th></tr><tr><td>c</td><td>d</td></tr></table><p><a>nowhere</a> <a href="javascript:x()">bad</a></p>',
    );
    expect(r.text).toBe('text outside\n\na | b\n\nc | d\n\nnowhere bad');
    expect(r.html).not.toContain('<img');
    expect(r.html).not.toContain('<a');
  });

  it('gives an empty chapter one empty paragraph, as the editor would', () => {
    expect(render('').html).toBe('<p><br></p>');
  });
});
