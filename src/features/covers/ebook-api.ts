/**
 * The cover designer's queries and commands (sync/api/covers.ts): saved designs, and "set as
 * cover" — upload the rendered image to the person's files, then make it the manuscript's cover.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createCoverDesign, getCoverDesign, listCoverDesigns, saveCoverDesign, setManuscriptCover } from '../../../sync/api/covers';
import { listFiles, uploadFile } from '../../../sync/api/files';
import type { CoverDesign } from '../../../sync/covers/design';
import { call } from '../../lib/api';
import { uploadWithProgress } from '../../lib/upload';

const KEY = ['covers'] as const;

/** The person's files (the /files page's query and cache), for background images; only for those who have files. */
export function useImageFiles(enabled: boolean) {
  return useQuery({ queryKey: ['files'], queryFn: () => call(listFiles), enabled });
}

export function useCoverDesigns() {
  return useQuery({ queryKey: [...KEY, 'list'], queryFn: ({ signal }) => call(listCoverDesigns, { signal }) });
}

export function useCoverDesign(id: string | null) {
  return useQuery({
    queryKey: [...KEY, 'detail', id],
    queryFn: ({ signal }) => call(getCoverDesign, { params: { id: id! }, signal }),
    enabled: id !== null,
    retry: false,
  });
}

/** Save: a new design is created (and gets an id), an opened one is overwritten. */
export function useSaveDesign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name, design }: { id: string | null; name: string; design: CoverDesign }) =>
      id ? call(saveCoverDesign, { params: { id }, body: { name, design } }) : call(createCoverDesign, { body: { name, design } }),
    onSuccess: ({ design }) => {
      qc.setQueryData([...KEY, 'detail', design.id], { design });
      void qc.invalidateQueries({ queryKey: [...KEY, 'list'] });
    },
  });
}

export function useSetAsCover() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ manuscriptId, blob, fileName }: { manuscriptId: string; blob: Blob; fileName: string }) => {
      const { file } = await uploadWithProgress(uploadFile, { name: fileName }, blob, () => undefined).done;
      return call(setManuscriptCover, { params: { id: manuscriptId }, body: { fileId: file.id } });
    },
    onSuccess: (_, { manuscriptId }) => {
      void qc.invalidateQueries({ queryKey: ['files'] });
      void qc.invalidateQueries({ queryKey: ['publishing', 'detail', manuscriptId] });
    },
  });
}
