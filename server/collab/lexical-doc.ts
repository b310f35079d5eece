/**
 * Headless Lexical bound to a Yjs document, the way the editor binds it in the browser
 * (`@lexical/yjs`, root `XmlText` named "root"), so the server reads and writes exactly the
 * structure the editor does. Each call builds a throw-away editor and Y.Doc from the document's
 * state: no long-lived binding to clean up, and the live document is never touched.
 */
import { createHeadlessEditor } from '@lexical/headless';
import { $generateHtmlFromNodes } from '@lexical/html';
import { createBinding, syncLexicalUpdateToYjs, syncYjsChangesToLexical, type Provider } from '@lexical/yjs';
import { $createParagraphNode, $createTextNode, $getRoot, $parseSerializedNode, type LexicalEditor } from 'lexical';
import * as Y from 'yjs';
import { CHAPTER_NODES } from '../../sync/collab/chapter-nodes';
import { countWords } from '../../sync/text/words';
import { onUse } from '../load-on-use';

type Dom = typeof import('@lexical/headless/dom');
const loadDom = onUse<Dom>('@lexical/headless/dom');
/**
 * Lexical's HTML export and import run in a DOM: happy-dom's, through @lexical/headless. It is
 * about 10 MB of a server's idle memory, so it loads with the first chapter rendered or imported,
 * not at start (server/load-on-use.ts).
 */
export const withDOM: Dom['withDOM'] = (f) => loadDom().withDOM(f);

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

/** Exported for the manuscript import, which fills a fresh document the same way. */
export function withBoundEditor<T>(state: Uint8Array | null, f: (editor: LexicalEditor, doc: Y.Doc) => T): T {
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

/** The Yjs update an editor produces by running `edit` (a Lexical update) on a chapter in this state. */
export function editChapterUpdate(state: Uint8Array | null, edit: () => void): Uint8Array {
  return withBoundEditor(state, (editor, doc) => {
    const before = Y.encodeStateVector(doc);
    editor.update(edit, { discrete: true });
    return Y.encodeStateAsUpdate(doc, before);
  });
}

/** The Yjs update an editor produces by appending a paragraph to a chapter in this state. */
export function appendParagraphUpdate(state: Uint8Array, paragraph: string): Uint8Array {
  return editChapterUpdate(state, () => $getRoot().append($createParagraphNode().append($createTextNode(paragraph))));
}

/**
 * The Yjs update that turns a chapter in state `current` into the content of state `version`:
 * the root's children are replaced through Lexical, as an editor selecting all and pasting the old
 * text would. It is a new change on top of `current` (history is never rewound), so it merges
 * with whatever collaborators do meanwhile.
 */
export function replaceContentUpdate(current: Uint8Array, version: Uint8Array): Uint8Array {
  const content = withBoundEditor(version, (editor) => editor.getEditorState().toJSON().root.children);
  return withBoundEditor(current, (editor, doc) => {
    const before = Y.encodeStateVector(doc);
    editor.update(
      () => {
        const root = $getRoot().clear();
        for (const node of content) root.append($parseSerializedNode(node));
        // An empty root is not a valid editor state; the editor would add this paragraph itself.
        if (root.getChildrenSize() === 0) root.append($createParagraphNode());
      },
      { discrete: true },
    );
    return Y.encodeStateAsUpdate(doc, before);
  });
}

/** A Yjs update of a new chapter built by `build` inside a Lexical update (tests, seeds). */
export function chapterUpdateFrom(build: () => void): Uint8Array {
  return withBoundEditor(null, (editor, doc) => {
    editor.update(build, { discrete: true });
    return Y.encodeStateAsUpdate(doc);
  });
}
