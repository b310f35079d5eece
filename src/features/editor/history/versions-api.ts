/**
 * The chapter history API (/api/chapters/:chapterId/versions) as react-query hooks. History is
 * server-side only (versions are taken by the collaboration server), so these need a connection;
 * every write refreshes the chapter's list.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VersionDetailResponse, VersionListResponse, VersionResponse } from '../../../../sync/api/versions';
import { api } from '../../../app/api';

const versionsKey = (chapterId: string) => ['chapter-versions', chapterId] as const;
const base = (chapterId: string) => `/api/chapters/${encodeURIComponent(chapterId)}/versions`;

export function useVersions(chapterId: string) {
  return useQuery({ queryKey: versionsKey(chapterId), queryFn: () => api.get<VersionListResponse>(base(chapterId)) });
}

export function useVersion(chapterId: string, id: string) {
  // Always fresh: the word change is measured against the current text.
  return useQuery({ queryKey: [...versionsKey(chapterId), id], queryFn: () => api.get<VersionDetailResponse>(`${base(chapterId)}/${encodeURIComponent(id)}`), staleTime: 0 });
}

function useVersionWrite<V>(chapterId: string, run: (vars: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => qc.invalidateQueries({ queryKey: versionsKey(chapterId) }) });
}

export function useSaveVersion(chapterId: string) {
  return useVersionWrite(chapterId, (name: string) => api.post<VersionResponse>(base(chapterId), { name }));
}

export function useRestoreVersion(chapterId: string) {
  return useVersionWrite(chapterId, (id: string) => api.post<VersionResponse>(`${base(chapterId)}/${encodeURIComponent(id)}/restore`));
}

export function useRenameVersion(chapterId: string) {
  return useVersionWrite(chapterId, ({ id, name }: { id: string; name: string }) => api.patch<VersionResponse>(`${base(chapterId)}/${encodeURIComponent(id)}`, { name }));
}

export function useDeleteVersion(chapterId: string) {
  return useVersionWrite(chapterId, (id: string) => api.delete<void>(`${base(chapterId)}/${encodeURIComponent(id)}`));
}
