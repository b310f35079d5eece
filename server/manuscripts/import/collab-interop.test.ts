/**
 * An imported chapter opens in the editor as the browser opens it: a Lexical editor bound with
 * @lexical/yjs to an empty Y.Doc, filled by the stock y-websocket provider from the collaboration
 * server, shows the imported text and structure — and typing into it is stored, so co-editing
 * works on imported chapters like on any other.
 */
import { createHeadlessEditor } from '@lexical/headless';
import { createBinding, syncLexicalUpdateToYjs, syncYjsChangesToLexical, type Provider } from '@lexical/yjs';
import { $createParagraphNode, $createTextNode, $getRoot, type LexicalEditor } from 'lexical';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { ManuscriptImportResponse } from '../../../sync/api/manuscripts';
import { chapterDocName } from '../../../sync/collab/close-codes';
import { CHAPTER_NODES } from '../../../sync/collab/chapter-nodes';
import { buildSignedInUser } from '../../admin/test-helpers';
import { connectClient, persistedText, startCollabServer, tempDataDir, waitFor } from '../../collab/test-helpers';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** What CollaborationPlugin sets up: a binding on the doc, Yjs → Lexical and Lexical → Yjs. */
function bindEditor(doc: Y.Doc, provider: Provider): LexicalEditor {
  const editor = createHeadlessEditor({
    namespace: 'browser-like',
    nodes: CHAPTER_NODES,
    onError: (e) => {
      throw e;
    },
  });
  const binding = createBinding(editor, provider, 'chapter', doc, new Map([['chapter', doc]]));
  binding.root.getSharedType().observeDeep((events, transaction) => {
    if (transaction.origin !== binding) syncYjsChangesToLexical(binding, provider, events as Y.YEvent<Y.Text>[], false);
  });
  editor.registerUpdateListener(({ dirtyElements, dirtyLeaves, editorState, normalizedNodes, prevEditorState, tags }) => {
    if (!tags.has('skip-collab')) syncLexicalUpdateToYjs(binding, provider, prevEditorState, editorState, dirtyElements, dirtyLeaves, normalizedNodes, tags);
  });
  return editor;
}

describe('imported chapters in the collaborative editor', () => {
  it('open with their text and structure, and take edits', async () => {
    const running = await startCollabServer(tempDataDir());
    cleanups.push(() => running.close());
    const { cookie } = await buildSignedInUser(running.ctx, { roles: ['author'] });
    const markdown = '# Harbour\n\nThe **boats** were _still_.\n\n- oars\n- sails\n\n> A quiet night.\n\n# Open Sea\n\nWind at last.';
    const res = await fetch(`${running.url}/api/manuscripts/import?name=harbour.md`, {
      method: 'POST',
      body: markdown,
      headers: { cookie, origin: running.url },
    });
    expect(res.status).toBe(201);
    const { chapterIds } = (await res.json()) as ManuscriptImportResponse;

    const doc = new Y.Doc();
    const client = connectClient(running.url, chapterDocName(chapterIds[0]!), { cookie, doc });
    cleanups.push(() => client.destroy());
    const editor = bindEditor(doc, client.provider as unknown as Provider);
    await client.synced;
    await waitFor(() =>
      editor
        .getEditorState()
        .read(() => $getRoot().getTextContent())
        .includes('A quiet night.'),
    );

    const read = () =>
      editor.getEditorState().read(() => ({
        types: $getRoot()
          .getChildren()
          .map((n) => n.getType()),
        text: $getRoot().getTextContent(),
      }));
    expect(read().types).toEqual(['heading', 'paragraph', 'list', 'quote']);
    expect(read().text).toBe('Harbour\n\nThe boats were still.\n\noars\n\nsails\n\nA quiet night.');
    const bold = editor.getEditorState().read(() =>
      $getRoot()
        .getAllTextNodes()
        .find((n) => n.getTextContent() === 'boats'),
    );
    expect(editor.getEditorState().read(() => bold?.hasFormat('bold'))).toBe(true);

    editor.update(() => $getRoot().append($createParagraphNode().append($createTextNode('Typed after the import.'))), { discrete: true });
    await waitFor(async () => (await persistedText(running.ctx, chapterDocName(chapterIds[0]!))).includes('Typed after the import.'));
    expect(await persistedText(running.ctx, chapterDocName(chapterIds[0]!))).toContain('The boats were still.');
  });
});
