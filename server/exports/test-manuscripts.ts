/**
 * Manuscripts for the export tests: one full of edge cases (an image with and one without a text
 * alternative, right-to-left text, footnote-like links, an external link, markup characters,
 * empty chapter titles, a chapter never written), written through the same push and collab
 * paths as the editor.
 */
import { $createLinkNode } from '@lexical/link';
import { $createListItemNode, $createListNode } from '@lexical/list';
import { $createHeadingNode, $createQuoteNode } from '@lexical/rich-text';
import { $createParagraphNode, $createTextNode, $getRoot } from 'lexical';
import { chapterDocName } from '../../sync/collab/close-codes';
import { $createImageNode } from '../../sync/collab/image-node';
import { $createSceneBreakNode } from '../../sync/collab/scene-break-node';
import { fileContentUrl } from '../../sync/api/files';
import type { Manuscript } from '../../sync/collections/manuscripts';
import type { ManuscriptChapter } from '../../sync/collections/manuscript-chapters';
import { chapterUpdateFrom, chapterUpdateFromParagraphs } from '../collab/lexical-doc';
import { CollabStore } from '../collab/store';
import { PNG_1x1 } from '../files/test-files';
import { push } from '../sync/test-helpers';
import type { TestContext } from '../test/test-context';

export function manuscriptDoc(id: string, ownerId: string, title: string): Manuscript & { _deleted: boolean } {
  return { id, ownerId, ownerName: ownerId, title, members: [], memberIds: [], createdAt: 1, updatedAt: 1, _deleted: false };
}

function chapterDoc(id: string, manuscriptId: string, ownerId: string, position: number, title: string): ManuscriptChapter & { _deleted: boolean } {
  return { id, manuscriptId, ownerId, memberIds: [], editorIds: [], title, position, wordCount: 3, createdAt: 1, updatedAt: 1, _deleted: false };
}

/** A manuscript with chapters, each written from the given Yjs update (null: never written). */
export async function writeManuscript(
  t: TestContext,
  cookie: string,
  manuscript: Manuscript & { _deleted: boolean },
  chapters: { id: string; title: string; update: Uint8Array | null }[],
): Promise<void> {
  await push(t, cookie, [{ assumedMasterState: null, newDocumentState: manuscript }], 'manuscripts');
  const rows = chapters.map((c, i) => ({ assumedMasterState: null, newDocumentState: chapterDoc(c.id, manuscript.id, manuscript.ownerId, i, c.title) }));
  const { rejected } = await push(t, cookie, rows, 'manuscript-chapters');
  if (rejected.length) throw new Error(`chapters rejected: ${JSON.stringify(rejected)}`);
  const store = new CollabStore(t.ctx.db, t.ctx.now);
  for (const c of chapters) if (c.update) await store.append(chapterDocName(c.id), 1, c.update);
}

/** Stores a 1×1 PNG as one of the owner's files; returns its content URL. */
export async function storeImage(t: TestContext, ownerId: string, id: string): Promise<string> {
  await t.ctx.blobs.put(PNG_1x1, 'image/png', async (hash) => {
    await t.ctx.db
      .insertInto('files')
      .values({ id, ownerId, blobHash: hash, name: 'map.png', kind: 'image', mediaType: 'image/png', size: PNG_1x1.byteLength, excerpt: null, createdAt: 1 })
      .execute();
  });
  return fileContentUrl(id);
}

export async function writeEdgeCaseManuscript(t: TestContext, cookie: string, ownerId: string, id: string): Promise<void> {
  const image = await storeImage(
    t,
    ownerId,
    `${id
      .replace(/[^a-z]/g, '')
      .padEnd(20, 'a')
      .slice(0, 20)}imgb`,
  );
  const first = chapterUpdateFrom(() => {
    const note = $createLinkNode('#fn1').append($createTextNode('[1]'));
    const away = $createLinkNode('https://example.org/salt?a=1&b=2').append($createTextNode('a map & a "guide"'));
    const missing = $createLinkNode('#nowhere').append($createTextNode('a link to nothing'));
    $getRoot().append(
      $createHeadingNode('h2').append($createTextNode('Part one: <arrival> & departure')),
      $createParagraphNode().append($createTextNode('The orchard ran down to the sea.'), note, $createTextNode(' See '), away, $createTextNode('.')),
      $createImageNode({ src: image, alt: 'A map of the orchard' }),
      $createQuoteNode().append($createTextNode('Salt keeps what the sea gives.')),
      $createListNode('bullet').append($createListItemNode().append($createTextNode('Apples')), $createListItemNode().append($createTextNode('Pears'))),
      $createSceneBreakNode(),
      $createParagraphNode().append($createTextNode('Non\u00a0breaking spaces, tabs\tand emoji 🍎 survive; so does '), missing, $createTextNode('.')),
      $createImageNode({ src: image, alt: '' }),
      $createParagraphNode().append($createTextNode('[1] A footnote-like line at the end.')),
    );
  });
  const rtl = chapterUpdateFromParagraphs(['שלום עולם, זה פרק בעברית.', 'مرحبا بالعالم، هذا فصل بالعربية.', 'Mixed: English then עברית then English.']);
  await writeManuscript(t, cookie, manuscriptDoc(id, ownerId, 'Edge cases: <RTL> & "images"'), [
    { id: `${id}-c1`, title: 'Arrival', update: first },
    { id: `${id}-c2`, title: '', update: rtl },
    { id: `${id}-c3`, title: '   ', update: null },
    { id: `${id}-c4`, title: 'Fin & <end>', update: chapterUpdateFromParagraphs(['The end.']) },
  ]);
}
