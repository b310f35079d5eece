/**
 * A chapter's sanitised XHTML as the text runs sync/ask/passages.ts splits: every text node in
 * document order (so joined they are the chapter's textContent, which the reader's text-quote
 * anchors are made over), each marked when it starts a block or sits in a heading.
 */
import { isTag, isText, type ChildNode } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { BLOCK_ELEMENTS, HEADING_ELEMENTS, type TextRun } from '../../sync/ask/passages';

export function chapterRuns(xhtml: string): TextRun[] {
  const runs: TextRun[] = [];
  let blockStarts = true;
  const walk = (nodes: ChildNode[], heading: boolean) => {
    for (const node of nodes) {
      if (isText(node)) {
        if (node.data.length === 0) continue;
        runs.push({ text: node.data, block: blockStarts, heading });
        blockStarts = false;
      } else if (isTag(node)) {
        const block = BLOCK_ELEMENTS.has(node.name);
        if (block) blockStarts = true;
        walk(node.children, heading || HEADING_ELEMENTS.has(node.name));
        if (block) blockStarts = true;
      }
    }
  };
  walk(parseDocument(xhtml, { decodeEntities: true }).children, false);
  return runs;
}
