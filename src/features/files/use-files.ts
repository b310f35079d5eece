/** The files API through react-query: the list (with quota) and the rename and delete commands. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteFile, listFiles, renameFile, type FileItem, type FilesResponse } from '../../../sync/api/files';
import { call } from '../../lib/api';

const FILES_KEY = ['files'] as const;

export function useFiles() {
  return useQuery({ queryKey: FILES_KEY, queryFn: () => call(listFiles) });
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
    mutationFn: ({ id, name }: { id: string; name: string }) => call(renameFile, { params: { id }, body: { name } }),
    onSuccess: ({ file }) => {
      client.setQueryData<FilesResponse>(FILES_KEY, (old) => (old ? { ...old, files: old.files.map((f) => (f.id === file.id ? file : f)) } : old));
    },
  });
}

export function useDeleteFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(deleteFile, { params: { id } }),
    onSuccess: (_, id) => {
      client.setQueryData<FilesResponse>(FILES_KEY, (old) => (old ? { ...old, files: old.files.filter((f) => f.id !== id) } : old));
      void client.invalidateQueries({ queryKey: FILES_KEY });
    },
  });
}
