/**
 * The chapter history API (/api/chapters/:chapterId/versions) as react-query hooks. History is
 * server-side only (versions are taken by the collaboration server), so these need a connection;
 * every write refreshes the chapter's list.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteVersion, getVersion, listVersions, renameVersion, restoreVersion, saveVersion } from '../../../../sync/api/versions';
import { call } from '../../../lib/api';

const versionsKey = (chapterId: string) => ['chapter-versions', chapterId] as const;

export function useVersions(chapterId: string) {
  return useQuery({ queryKey: versionsKey(chapterId), queryFn: () => call(listVersions, { params: { chapterId } }) });
}

export function useVersion(chapterId: string, id: string) {
  // Always fresh: the word change is measured against the current text.
  return useQuery({ queryKey: [...versionsKey(chapterId), id], queryFn: () => call(getVersion, { params: { chapterId, id } }), staleTime: 0 });
}

function useVersionWrite<V>(chapterId: string, run: (vars: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => qc.invalidateQueries({ queryKey: versionsKey(chapterId) }) });
}

export function useSaveVersion(chapterId: string) {
  return useVersionWrite(chapterId, (name: string) => call(saveVersion, { params: { chapterId }, body: { name } }));
}

export function useRestoreVersion(chapterId: string) {
  return useVersionWrite(chapterId, (id: string) => call(restoreVersion, { params: { chapterId, id } }));
}

export function useRenameVersion(chapterId: string) {
  return useVersionWrite(chapterId, ({ id, name }: { id: string; name: string }) => call(renameVersion, { params: { chapterId, id }, body: { name } }));
}

export function useDeleteVersion(chapterId: string) {
  return useVersionWrite(chapterId, (id: string) => call(deleteVersion, { params: { chapterId, id } }));
}
