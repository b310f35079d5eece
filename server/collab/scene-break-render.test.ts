/**
 * A chapter with a scene break renders on the server (headless Lexical, no React) as
 * `<hr class="scene-break">` between its scenes, and survives the trip through Yjs.
 */
import { $createParagraphNode, $createTextNode, $getRoot } from 'lexical';
import { describe, expect, it } from 'vitest';
import { $createSceneBreakNode } from '../../sync/collab/scene-break-node';
import { chapterUpdateFrom, renderChapterState } from './lexical-doc';

describe('server render of a scene break', () => {
  it('exports the scene break as <hr class="scene-break"> between the paragraphs', () => {
    const state = chapterUpdateFrom(() => {
      $getRoot().append(
        $createParagraphNode().append($createTextNode('The first scene ends.')),
        $createSceneBreakNode(),
        $createParagraphNode().append($createTextNode('The second begins.')),
      );
    });
    const rendered = renderChapterState(state);
    expect(rendered.html).toMatch(
      /<p[^>]*><span[^>]*>The first scene ends\.<\/span><\/p><hr class="scene-break"><p[^>]*><span[^>]*>The second begins\.<\/span><\/p>/,
    );
    expect(rendered.html).not.toContain('* * *');
    expect(rendered.wordCount).toBe(7); // the ornament is not words
    expect(rendered.text).toContain('ends.\n');
  });
});
