import { $createParagraphNode, $createTextNode, $getRoot } from 'lexical';
import { describe, expect, it } from 'vitest';
import { $createImageNode } from '../../sync/collab/image-node';
import { chapterUpdateFrom, renderChapterState } from './lexical-doc';

const SRC = '/api/files/abcdefghijklmnopqrstuvwx/content';

describe('server render of a chapter with an image', () => {
  it('renders the image as <img src alt> without React, and keeps it out of the word count', () => {
    const state = chapterUpdateFrom(() => {
      $getRoot().append(
        $createParagraphNode().append($createTextNode('Before the map.')),
        $createImageNode({ src: SRC, alt: 'A map of "the city" & harbour' }),
        $createParagraphNode().append($createTextNode('After it.')),
      );
    });
    const { html, text, wordCount } = renderChapterState(state);
    expect(html).toContain(`<img src="${SRC}" alt="A map of &quot;the city&quot; &amp; harbour">`);
    expect(html.indexOf('Before the map.')).toBeLessThan(html.indexOf('<img'));
    expect(html.indexOf('<img')).toBeLessThan(html.indexOf('After it.'));
    expect(text).not.toContain('map of');
    expect(wordCount).toBe(5);
  });

  it('drops an image whose source is not a Quire file', () => {
    const state = chapterUpdateFrom(() => {
      $getRoot().append($createImageNode({ src: 'https://tracker.example/pixel.gif', alt: 'x' }), $createParagraphNode().append($createTextNode('Text.')));
    });
    const { html } = renderChapterState(state);
    expect(html).not.toContain('tracker.example');
    expect(html).toContain('Text.');
  });
});
