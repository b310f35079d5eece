/**
 * The server adding a co-author to a replicated manuscript (an e-mail invite that found an
 * account, or an invitation claimed at sign-up): the same change the owner's device makes in
 * use-manuscript-commands.ts — the manuscript's member list and every chapter's access copies —
 * written as server documents so every device of the audience pulls it at once.
 */
import { MAX_MEMBERS, manuscripts, type Manuscript, type ManuscriptMember } from '../../../sync/collections/manuscripts';
import { manuscriptChapters } from '../../../sync/collections/manuscript-chapters';
import type { AppContext } from '../../context';
import { chaptersOfManuscript } from '../manuscript-book';
import { readDoc } from '../../sync/store';
import { writeServerDoc } from '../../sync/server-write';

/** The live (not deleted) manuscript document, or null. */
export async function readManuscript(ctx: AppContext, id: string): Promise<Manuscript | null> {
  const stored = await readDoc(ctx.db, 'manuscripts', id);
  return stored && !stored.deleted ? (stored.doc as Manuscript) : null;
}

export type AddMemberResult = 'added' | 'already' | 'owner' | 'full' | 'gone';

export async function addMember(ctx: AppContext, manuscriptId: string, member: ManuscriptMember): Promise<AddMemberResult> {
  const m = await readManuscript(ctx, manuscriptId);
  if (!m) return 'gone';
  if (m.ownerId === member.userId) return 'owner';
  // An existing co-author keeps the role the owner gave them; an invite never changes it.
  if (m.memberIds.includes(member.userId)) return 'already';
  if (m.members.length >= MAX_MEMBERS) return 'full';
  const members = [...m.members, member];
  const now = ctx.now();
  const next: Manuscript = { ...m, members, memberIds: members.map((x) => x.userId), updatedAt: Math.max(now, m.updatedAt + 1) };
  await writeServerDoc(ctx, manuscripts, next);
  const memberIds = next.memberIds;
  const editorIds = members.filter((x) => x.role === 'editor').map((x) => x.userId);
  for (const chapter of await chaptersOfManuscript(ctx, manuscriptId)) {
    await writeServerDoc(ctx, manuscriptChapters, { ...chapter, memberIds, editorIds, updatedAt: Math.max(now, chapter.updatedAt + 1) });
  }
  return 'added';
}
