/**
 * Headless Lexical bound to a Yjs document, the way the editor binds it in the browser
 * (`@lexical/yjs`, root `XmlText` named "root"), so the server reads and writes exactly the
 * structure the editor does. Each call builds a throw-away editor and Y.Doc from the document's
 * state: no long-lived binding to clean up, and the live document is never touched.
 */
import { createHeadlessEditor } from '@lexical/headless';
import { withDOM } from '@lexical/headless/dom';
import { $generateHtmlFromNodes } from '@lexical/html';
import { createBinding, syncLexicalUpdateToYjs, syncYjsChangesToLexical, type Provider } from '@lexical/yjs';
import { $createParagraphNode, $createTextNode, $getRoot, type LexicalEditor } from 'lexical';
import * as Y from 'yjs';
import { CHAPTER_NODES } from '../../sync/collab/chapter-nodes';

/** The rich-text nodes the editor registers (shared with it through sync/). */
export { CHAPTER_NODES };

// The binding wants a provider for awareness and cursors; a headless editor has neither.
function noopProvider(): Provider {
  const awareness = {
    getLocalState: () => null,
    getStates: () => new Map(),
    off: () => {},
    on: () => {},
    setLocalState: () => {},
    setLocalStateField: () => {},
  };
  return { awareness, connect: () => {}, disconnect: () => {}, on: () => {}, off: () => {} } as unknown as Provider;
}

function withBoundEditor<T>(state: Uint8Array | null, f: (editor: LexicalEditor, doc: Y.Doc) => T): T {
  const editor = createHeadlessEditor({
    namespace: 'quire-chapter',
    nodes: CHAPTER_NODES,
    onError: (error) => {
      throw error;
    },
  });
  const doc = new Y.Doc();
  const provider = noopProvider();
  const binding = createBinding(editor, provider, 'main', doc, new Map([['main', doc]]));
  const removeListener = editor.registerUpdateListener(({ dirtyElements, dirtyLeaves, editorState, normalizedNodes, prevEditorState, tags }) => {
    if (!tags.has('skip-collab')) {
      syncLexicalUpdateToYjs(binding, provider, prevEditorState, editorState, dirtyElements, dirtyLeaves, normalizedNodes, tags);
    }
  });
  const observer = (events: Y.YEvent<any>[], transaction: Y.Transaction) => {
    if (transaction.origin !== binding) syncYjsChangesToLexical(binding, provider, events as Y.YEvent<Y.Text>[], false);
  };
  const shared = binding.root.getSharedType();
  shared.observeDeep(observer);
  try {
    if (state) {
      Y.applyUpdate(doc, state, { isUpdateRemote: true });
      // Changes from Yjs are queued as a Lexical update; commit it now.
      editor.update(() => {}, { discrete: true });
    }
    return f(editor, doc);
  } finally {
    shared.unobserveDeep(observer);
    removeListener();
    doc.destroy();
  }
}

export interface ChapterRendering {
  html: string;
  text: string;
  wordCount: number;
}

export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

/** HTML and plain text of a chapter document's state (as `Y.encodeStateAsUpdate` gives it). */
export function renderChapterState(state: Uint8Array): ChapterRendering {
  return withBoundEditor(state, (editor) =>
    withDOM(() =>
      editor.getEditorState().read(() => {
        const text = $getRoot().getTextContent();
        return { html: $generateHtmlFromNodes(editor, null), text, wordCount: countWords(text) };
      }),
    ),
  );
}

/**
 * A Yjs update that makes an empty chapter document hold these paragraphs, written through
 * Lexical so it is what the editor itself would have produced. Used by seeds, tests and the bench.
 */
export function chapterUpdateFromParagraphs(paragraphs: readonly string[]): Uint8Array {
  return withBoundEditor(null, (editor, doc) => {
    editor.update(
      () => {
        const root = $getRoot();
        for (const paragraph of paragraphs) root.append($createParagraphNode().append($createTextNode(paragraph)));
      },
      { discrete: true },
    );
    return Y.encodeStateAsUpdate(doc);
  });
}

/** The Yjs update an editor produces by appending a paragraph to a chapter in this state. */
export function appendParagraphUpdate(state: Uint8Array, paragraph: string): Uint8Array {
  return withBoundEditor(state, (editor, doc) => {
    const before = Y.encodeStateVector(doc);
    editor.update(() => $getRoot().append($createParagraphNode().append($createTextNode(paragraph))), { discrete: true });
    return Y.encodeStateAsUpdate(doc, before);
  });
}

/** The Yjs update of an empty chapter document after `build` ran in a Lexical update (tests, seeds). */
export function chapterUpdateFrom(build: () => void): Uint8Array {
  return withBoundEditor(null, (editor, doc) => {
    editor.update(build, { discrete: true });
    return Y.encodeStateAsUpdate(doc);
  });
}
