/**
 * Collaboration access read from the replicated documents themselves (the sync engine's
 * `sync_docs` rows of `manuscript-chapters` and `manuscripts`), so whoever the owner invites on
 * their device can open the chapter as soon as the push lands — no second copy to keep in step.
 * The chapter only names its manuscript (fixed at creation by an editor of that manuscript); the
 * role always comes from the manuscript document, whose co-author list only its owner may change
 * (sync/collections/manuscripts.ts), and from the account: an owner without manuscripts:write
 * only views (`actingRole`).
 */
import { type Manuscript } from '../../../sync/collections/manuscripts';
import { actingRole } from '../../../sync/manuscripts/policy';
import type { ManuscriptChapter } from '../../../sync/collections/manuscript-chapters';
import { parseDocName } from '../../../sync/collab/close-codes';
import type { DB } from '../../db/connection';
import { readDoc } from '../../sync/store';
import { principalOf, sqliteCollabAccess, type CollabAccess } from './access';

export function replicatedCollabAccess(db: DB): CollabAccess {
  async function manuscriptOf(docName: string): Promise<Manuscript | null> {
    const parsed = parseDocName(docName);
    if (!parsed) return null;
    const chapter = await readDoc(db, 'manuscript-chapters', parsed.id);
    if (!chapter || chapter.deleted) return null;
    const manuscript = await readDoc(db, 'manuscripts', (chapter.doc as ManuscriptChapter).manuscriptId);
    if (!manuscript || manuscript.deleted) return null;
    return manuscript.doc as Manuscript;
  }
  return {
    async exists(docName) {
      return Boolean(await manuscriptOf(docName));
    },
    async roleFor(userId, docName) {
      const manuscript = await manuscriptOf(docName);
      return manuscript ? actingRole(manuscript, userId, await principalOf(db, userId)) : null;
    },
  };
}

/** Ask each source in turn; the first that knows the document answers. */
export function firstKnownAccess(...sources: CollabAccess[]): CollabAccess {
  async function owner(docName: string): Promise<CollabAccess | null> {
    for (const source of sources) if (await source.exists(docName)) return source;
    return null;
  }
  return {
    async exists(docName) {
      return Boolean(await owner(docName));
    },
    async roleFor(userId, docName) {
      return (await owner(docName))?.roleFor(userId, docName) ?? null;
    },
  };
}

/** Replicated manuscripts first (what the editor writes), then the tables of migration 004. */
export function defaultCollabAccess(db: DB): CollabAccess {
  return firstKnownAccess(replicatedCollabAccess(db), sqliteCollabAccess(db));
}
