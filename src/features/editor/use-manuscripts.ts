/**
 * The editor's reads of the local database: manuscripts and chapters this account can see, live.
 * Everything here works offline; the sync engine brings co-authors' changes in underneath.
 */
import { useMemo } from 'react';
import { useLiveDocs } from '../../db/use-live-docs';
import { inOrder } from './manuscript-model';

export function useManuscripts() {
  const { docs, loading } = useLiveDocs('manuscripts');
  const sorted = useMemo(() => [...docs].sort((a, b) => b.updatedAt - a.updatedAt || a.title.localeCompare(b.title)), [docs]);
  return { manuscripts: sorted, loading };
}

export function useManuscript(id: string) {
  const { docs, loading } = useLiveDocs('manuscripts', { selector: { id } });
  return { manuscript: docs[0] ?? null, loading };
}

export function useChapters(manuscriptId: string) {
  const { docs, loading } = useLiveDocs('manuscript-chapters', { selector: { manuscriptId } });
  const ordered = useMemo(() => inOrder(docs), [docs]);
  return { chapters: ordered, loading };
}

/** The whole manuscript's words: the sum of its chapters' last counts. */
export function totalWords(chapters: { wordCount: number }[]): number {
  return chapters.reduce((sum, c) => sum + c.wordCount, 0);
}
