/**
 * A chapter's sanitised HTML → the Yjs document the browser editor would have made from it:
 * happy-dom parses it (the DOM @lexical/headless already brings), Lexical's own importDOM turns
 * it into the chapter nodes (headings, paragraphs, bold/italic/underline/strike, lists, quotes,
 * links; anything else keeps its text as paragraphs), and the @lexical/yjs binding writes the
 * result into a fresh Y.Doc exactly as CollaborationPlugin does. The server is compiled without
 * the browser's DOM types, so the parsed document is typed as the happy-dom one it is.
 */
import { $generateNodesFromDOM } from '@lexical/html';
import { $createListNode, $isListItemNode } from '@lexical/list';
import { $createParagraphNode, $getRoot, $isDecoratorNode, $isElementNode, type LexicalNode } from 'lexical';
import type { Document as HappyDocument, Window as HappyWindow } from 'happy-dom';
import * as Y from 'yjs';
import { withBoundEditor, withDOM } from '../../collab/lexical-doc';

const SAFE_HREF = /^(https?:|mailto:)/i;

/** Shape the parsed HTML into what Lexical's importers know; returns nothing, edits in place. */
function prepare(doc: HappyDocument): void {
  for (const img of [...doc.querySelectorAll('img')]) {
    const parent = img.parentElement;
    img.remove();
    // A paragraph that only held the picture would stay behind as an empty line.
    if (parent && parent !== doc.body && parent.tagName === 'P' && (parent.textContent ?? '').trim() === '') parent.remove();
  }
  // No table node in a chapter: each row becomes a paragraph, its cells separated by a bar.
  for (const table of [...doc.querySelectorAll('table')]) {
    const rows = [...table.querySelectorAll('tr')].map((tr) => {
      const p = doc.createElement('p');
      p.textContent = [...tr.children].map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim()).join(' | ');
      return p;
    });
    table.replaceWith(...rows);
  }
  // Links elsewhere in the source (another chapter, a file) lead nowhere in a manuscript.
  for (const a of [...doc.querySelectorAll('a')]) {
    if (!SAFE_HREF.test(a.getAttribute('href') ?? '')) a.replaceWith(...a.childNodes);
  }
  // Lexical reads <s> and <u>; HTML's edit marks mean the same on the page.
  for (const [from, to] of [
    ['del', 's'],
    ['ins', 'u'],
    ['strike', 's'],
  ] as const) {
    for (const el of [...doc.querySelectorAll(from)]) {
      const replacement = doc.createElement(to);
      replacement.append(...el.childNodes);
      el.replaceWith(replacement);
    }
  }
}

/** Top-level nodes must be blocks: runs of inline nodes are wrapped in paragraphs. */
function asBlocks(nodes: LexicalNode[]): LexicalNode[] {
  const blocks: LexicalNode[] = [];
  let run: ReturnType<typeof $createParagraphNode> | null = null;
  for (const node of nodes) {
    if ($isListItemNode(node)) {
      blocks.push($createListNode('bullet').append(node));
      run = null;
    } else if (($isElementNode(node) && !node.isInline()) || $isDecoratorNode(node)) {
      blocks.push(node);
      run = null;
    } else {
      if (!run) {
        run = $createParagraphNode();
        blocks.push(run);
      }
      run.append(node);
    }
  }
  // Whitespace between blocks comes through as paragraphs of nothing; drop them.
  return blocks.filter(
    (b) =>
      !(
        $isElementNode(b) &&
        b.getType() === 'paragraph' &&
        b.getTextContent().trim() === '' &&
        b.getChildrenSize() > 0 &&
        b.getChildren().every((c) => c.getType() === 'text')
      ),
  );
}

/** The full Yjs state (`Y.encodeStateAsUpdate`) of a chapter document holding this HTML. */
export function chapterStateFromHtml(html: string): Uint8Array {
  return withBoundEditor(null, (editor, ydoc) =>
    withDOM((window) => {
      const dom = new (window as unknown as HappyWindow).DOMParser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, 'text/html');
      prepare(dom);
      editor.update(
        () => {
          const root = $getRoot();
          const blocks = asBlocks($generateNodesFromDOM(editor, dom as unknown as Parameters<typeof $generateNodesFromDOM>[1]));
          if (blocks.length === 0) blocks.push($createParagraphNode());
          root.append(...blocks);
        },
        { discrete: true },
      );
      return Y.encodeStateAsUpdate(ydoc);
    }),
  );
}
