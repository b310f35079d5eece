/** /api/files through react-query: the list (with quota) and the rename and delete commands. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FileItem, FilesResponse } from '../../../sync/api/files';
import { api } from '../../lib/api';

const FILES_KEY = ['files'] as const;

export function useFiles() {
  return useQuery({ queryKey: FILES_KEY, queryFn: () => api.get<FilesResponse>('/api/files') });
}

/** Put a freshly uploaded file into the cached list at once, then refetch for the truth. */
export function useAddUploaded() {
  const client = useQueryClient();
  return (file: FileItem, usedBytes: number) => {
    client.setQueryData<FilesResponse>(FILES_KEY, (old) => (old ? { ...old, files: [file, ...old.files.filter((f) => f.id !== file.id)], usedBytes } : old));
    void client.invalidateQueries({ queryKey: FILES_KEY });
  };
}

export function useRenameFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => api.patch<{ file: FileItem }>(`/api/files/${id}`, { name }),
    onSuccess: ({ file }) => {
      client.setQueryData<FilesResponse>(FILES_KEY, (old) => (old ? { ...old, files: old.files.map((f) => (f.id === file.id ? file : f)) } : old));
    },
  });
}

export function useDeleteFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/files/${id}`),
    onSuccess: (_, id) => {
      client.setQueryData<FilesResponse>(FILES_KEY, (old) => (old ? { ...old, files: old.files.filter((f) => f.id !== id) } : old));
      void client.invalidateQueries({ queryKey: FILES_KEY });
    },
  });
}
