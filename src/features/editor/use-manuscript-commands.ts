/**
 * The editor's writes to the local database. Each is one or a few document changes; the sync
 * engine pushes them when it can, so they all work offline. Co-author changes rewrite the access
 * copies every chapter carries (see sync/collections/manuscript-chapters.ts).
 */
import { useMemo } from 'react';
import type { Manuscript, ManuscriptMember } from '../../../sync/collections/manuscripts';
import type { ManuscriptChapter } from '../../../sync/collections/manuscript-chapters';
import { useCollection } from '../../db/use-live-docs';
import { rememberCreatedHere } from './created-here';
import { buildChapter, buildManuscript, chapterAccess, moveChapter, moveChapterTo, withMember, withoutMember } from './manuscript-model';

export function useManuscriptCommands() {
  const manuscripts = useCollection('manuscripts');
  const chapters = useCollection('manuscript-chapters');

  return useMemo(() => {
    function ready() {
      if (!manuscripts || !chapters) throw new Error('The local database is still opening.');
      return { manuscripts, chapters };
    }

    async function patchManuscript(id: string, patch: Partial<Manuscript>) {
      const doc = await ready().manuscripts.findOne(id).exec();
      await doc?.incrementalPatch({ ...patch, updatedAt: Date.now() });
    }

    async function patchChapter(id: string, patch: Partial<ManuscriptChapter>) {
      const doc = await ready().chapters.findOne(id).exec();
      await doc?.incrementalPatch({ ...patch, updatedAt: Date.now() });
    }

    async function syncChapterAccess(m: Manuscript) {
      const access = chapterAccess(m);
      const all = await ready()
        .chapters.find({ selector: { manuscriptId: m.id } })
        .exec();
      await Promise.all(all.map((c) => c.incrementalPatch(access)));
    }

    return {
      /** False while the local database opens: a form that writes waits (disabled) rather than losing the click. */
      writable: manuscripts !== null && chapters !== null,
      async createManuscript(owner: { id: string; username: string }, title: string): Promise<{ manuscriptId: string; chapterId: string }> {
        const { manuscripts: ms, chapters: cs } = ready();
        const now = Date.now();
        const m = buildManuscript(owner, title, now);
        const first = buildChapter(m, 0, now);
        rememberCreatedHere(first.id);
        await ms.insert(m);
        await cs.insert(first);
        return { manuscriptId: m.id, chapterId: first.id };
      },
      retitle: (id: string, title: string) => patchManuscript(id, { title }),
      /**
       * Owner only (the push rule refuses anyone else): moves it to and from "Archived" on /editor.
       * Not an edit of the book, so "edited …" on the list keeps its time.
       */
      async setArchived(id: string, archived: boolean) {
        await (await ready().manuscripts.findOne(id).exec())?.incrementalPatch({ archived });
      },
      /**
       * Owner only. Deletes the manuscript document; when the deletion reaches the server it
       * deletes the chapters and comments for everyone (server/manuscripts/delete-children.ts).
       */
      async deleteManuscript(id: string) {
        await (await ready().manuscripts.findOne(id).exec())?.incrementalRemove();
      },
      setGoal: (id: string, wordGoal: number | undefined) => patchManuscript(id, { wordGoal }),
      async addChapter(m: Manuscript, existing: ManuscriptChapter[]): Promise<string> {
        const position = existing.reduce((max, c) => Math.max(max, c.position + 1), 0);
        const chapter = buildChapter(m, position, Date.now());
        rememberCreatedHere(chapter.id);
        await ready().chapters.insert(chapter);
        return chapter.id;
      },
      renameChapter: (id: string, title: string) => patchChapter(id, { title }),
      setWordCount: (id: string, wordCount: number) => patchChapter(id, { wordCount }),
      async moveChapter(all: ManuscriptChapter[], id: string, by: -1 | 1) {
        for (const change of moveChapter(all, id, by)) await patchChapter(change.id, { position: change.position });
      },
      async moveChapterTo(all: ManuscriptChapter[], id: string, to: number) {
        for (const change of moveChapterTo(all, id, to)) await patchChapter(change.id, { position: change.position });
      },
      /** Deletes and returns a function that puts the chapter back (the undo of the toast). */
      async deleteChapter(id: string): Promise<() => Promise<void>> {
        const doc = await ready().chapters.findOne(id).exec();
        if (!doc) return async () => {};
        const saved = doc.toMutableJSON(false) as ManuscriptChapter;
        await doc.incrementalRemove();
        return async () => {
          await ready().chapters.upsert({ ...saved, updatedAt: Date.now() });
        };
      },
      async setMember(m: Manuscript, member: ManuscriptMember) {
        const next = { ...m, ...withMember(m, member) };
        await patchManuscript(m.id, { members: next.members, memberIds: next.memberIds });
        await syncChapterAccess(next);
      },
      async removeMember(m: Manuscript, userId: string) {
        const next = { ...m, ...withoutMember(m, userId) };
        await patchManuscript(m.id, { members: next.members, memberIds: next.memberIds });
        await syncChapterAccess(next);
      },
    };
  }, [manuscripts, chapters]);
}
