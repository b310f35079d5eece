/**
 * Writes an imported manuscript: every chapter's Yjs document is built first (pure, in memory),
 * then the manuscript, its chapters, their collaboration snapshots and renders commit in one
 * transaction — a failure anywhere leaves nothing behind. The replicated documents go through
 * the sync store like a device's push (audience rows, change times, pubsub hints), so the
 * owner's devices pull them at once; the chapter documents are stored as snapshots, which the
 * collaboration server loads like any compacted document.
 */
import { randomUUID } from 'node:crypto';
import { chapterDocName } from '../../../sync/collab/close-codes';
import { manuscriptChapters, type ManuscriptChapter } from '../../../sync/collections/manuscript-chapters';
import { manuscripts, type Manuscript } from '../../../sync/collections/manuscripts';
import type { AppContext } from '../../context';
import { renderChapterState } from '../../collab/lexical-doc';
import { CollabStore } from '../../collab/store';
import { nextChangeTime, writeDoc } from '../../sync/store';
import { ImportError } from './import-error';
import { IMPORT_MAX_CHAPTER_CHARS, IMPORT_MAX_CHAPTERS, IMPORT_MAX_TOTAL_CHARS } from './limits';
import type { ImportedManuscript } from './read-formats';
import { chapterStateFromHtml } from './to-chapter-doc';

export interface CreatedManuscript {
  manuscriptId: string;
  chapterIds: string[];
}

interface BuiltChapter {
  doc: ManuscriptChapter;
  state: Uint8Array;
  render: { html: string; text: string; wordCount: number };
}

function checkBounds(imported: ImportedManuscript): void {
  if (imported.chapters.length === 0) throw new ImportError('no_text', 'The file has no text to import.');
  if (imported.chapters.length > IMPORT_MAX_CHAPTERS) {
    throw new ImportError('too_long', `The file would make ${imported.chapters.length} chapters; a manuscript may have at most ${IMPORT_MAX_CHAPTERS}.`);
  }
  let total = 0;
  for (const c of imported.chapters) {
    if (c.html.length > IMPORT_MAX_CHAPTER_CHARS)
      throw new ImportError('too_long', `The chapter "${c.title.slice(0, 80)}" is too long to import as one chapter.`);
    total += c.html.length;
  }
  if (total > IMPORT_MAX_TOTAL_CHARS) throw new ImportError('too_long', 'The manuscript is too long to import at once. Split it into smaller files.');
}

export async function createImportedManuscript(
  ctx: AppContext,
  owner: { id: string; username: string },
  imported: ImportedManuscript,
): Promise<CreatedManuscript> {
  checkBounds(imported);
  const now = ctx.now();
  const manuscript: Manuscript = {
    id: randomUUID(),
    ownerId: owner.id,
    ownerName: owner.username,
    title: imported.title,
    members: [],
    memberIds: [],
    createdAt: now,
    updatedAt: now,
  };
  const chapters: BuiltChapter[] = imported.chapters.map((c, position) => {
    const state = chapterStateFromHtml(c.html);
    const render = renderChapterState(state);
    const doc: ManuscriptChapter = {
      id: randomUUID(),
      manuscriptId: manuscript.id,
      ownerId: owner.id,
      memberIds: [],
      editorIds: [],
      title: c.title,
      position,
      wordCount: render.wordCount,
      createdAt: now,
      updatedAt: now,
    };
    return { doc, state, render };
  });

  // The same validation a device's push gets, before anything is written.
  const mValue = manuscripts.strictSchema.parse(manuscript);
  const cValues = chapters.map((c) => manuscriptChapters.strictSchema.parse(c.doc));
  const hints = await ctx.db.transaction().execute(async (trx) => {
    const mTime = await nextChangeTime(trx, manuscripts.name, now);
    await writeDoc(trx, manuscripts.name, mValue, false, mTime, manuscripts.visibility.audience(mValue));
    let cTime = await nextChangeTime(trx, manuscriptChapters.name, now);
    const store = new CollabStore(trx, ctx.now);
    for (const [i, c] of chapters.entries()) {
      const value = cValues[i]!;
      await writeDoc(trx, manuscriptChapters.name, value, false, cTime, manuscriptChapters.visibility.audience(value));
      cTime += 1;
      const docName = chapterDocName(value.id);
      await trx.insertInto('collabSnapshots').values({ docName, state: c.state, updatedAt: now }).execute();
      await store.saveRender(docName, c.render);
    }
    return { manuscript: { updatedAt: mTime, id: mValue.id }, chapter: { updatedAt: cTime - 1, id: cValues.at(-1)!.id } };
  });
  ctx.pubsub.publish([owner.id], { collection: manuscripts.name, checkpoint: hints.manuscript });
  ctx.pubsub.publish([owner.id], { collection: manuscriptChapters.name, checkpoint: hints.chapter });
  return { manuscriptId: manuscript.id, chapterIds: chapters.map((c) => c.doc.id) };
}
