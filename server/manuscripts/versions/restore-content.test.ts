/**
 * replaceContentUpdate keeps a version's structure and formatting (headings, lists, links, bold),
 * and is an update on top of the current state: applied to a document that moved on concurrently,
 * the concurrent change survives beside the restored content.
 */
import { $createLinkNode } from '@lexical/link';
import { $createListItemNode, $createListNode } from '@lexical/list';
import { $createHeadingNode } from '@lexical/rich-text';
import { $createParagraphNode, $createTextNode, $getRoot } from 'lexical';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { appendParagraphUpdate, chapterUpdateFromParagraphs, editChapterUpdate, renderChapterState, replaceContentUpdate } from '../../collab/lexical-doc';

function merged(...updates: Uint8Array[]): Uint8Array {
  return Y.mergeUpdates(updates);
}

describe('replaceContentUpdate', () => {
  it('brings back headings, lists, links and bold text', () => {
    const version = editChapterUpdate(null, () => {
      $getRoot().append(
        $createHeadingNode('h1').append($createTextNode('Part one')),
        $createParagraphNode().append(
          $createTextNode('Bold words').toggleFormat('bold'),
          $createTextNode(' and '),
          $createLinkNode('https://example.com').append($createTextNode('a link')),
        ),
        $createListNode('bullet').append($createListItemNode().append($createTextNode('An item'))),
      );
    });
    const current = chapterUpdateFromParagraphs(['Something else entirely.']);
    const restored = merged(current, replaceContentUpdate(current, version));
    const { html, text } = renderChapterState(restored);
    expect(text).not.toContain('Something else');
    expect(html).toMatch(/<h1[^>]*>.*Part one/);
    expect(html).toMatch(/<(b|strong)[^>]*>.*Bold words/);
    expect(html).toContain('href="https://example.com"');
    expect(html).toMatch(/<ul[^>]*>.*An item/);
    expect(renderChapterState(restored).html).toBe(renderChapterState(version).html);
  });

  it('merges with an edit made concurrently on the live document', () => {
    const base = chapterUpdateFromParagraphs(['Version text.', 'Later text.']);
    const version = chapterUpdateFromParagraphs(['Version text.']);
    const restore = replaceContentUpdate(base, version);
    const concurrent = appendParagraphUpdate(base, 'Typed meanwhile.');
    // Either order: Yjs updates commute, so every client ends with the same text.
    const a = renderChapterState(merged(base, restore, concurrent)).text;
    const b = renderChapterState(merged(base, concurrent, restore)).text;
    expect(a).toBe(b);
    expect(a).toContain('Version text.');
    expect(a).toContain('Typed meanwhile.');
    expect(a).not.toContain('Later text.');
  });

  it('leaves one empty paragraph when the version was empty', () => {
    const empty = editChapterUpdate(null, () => $getRoot().append($createParagraphNode()));
    const current = chapterUpdateFromParagraphs(['Words.']);
    expect(renderChapterState(merged(current, replaceContentUpdate(current, empty))).text).toBe('');
  });
});
