/**
 * A manuscript's saved paperback cover (sync/api/paperback-covers.ts, decision 069): the cover with
 * its print layout's page counts, and saving it. Saving needs the network; the design stays in
 * the page when it fails, so nothing is lost by trying offline.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getPaperbackCover, savePaperbackCover, type PaperbackCoverResponse } from '../../../sync/api/paperback-covers';
import type { PaperbackDesign } from '../../../sync/covers/paperback';
import { ApiRequestError, call, errorMessage } from '../../lib/api';

const key = (id: string) => ['paperback-cover', id] as const;

export function usePaperbackCover(manuscriptId: string) {
  return useQuery({
    queryKey: key(manuscriptId),
    queryFn: ({ signal }) => call(getPaperbackCover, { params: { id: manuscriptId }, signal }),
    retry: false,
    // The print layout may have been typeset a moment ago in another tab.
    staleTime: 0,
  });
}

const OFFLINE_SAVE = "Saving needs a connection and you're offline. Your design stays on this page: save again once you're back online.";

/** Why a save failed, in words for the page. */
export function saveFailure(error: unknown): string {
  if (error instanceof ApiRequestError && error.isNetwork) return OFFLINE_SAVE;
  return errorMessage(error);
}

export function useSavePaperbackCover(manuscriptId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (design: PaperbackDesign) => {
      if (typeof navigator !== 'undefined' && !navigator.onLine) return Promise.reject(new ApiRequestError(0, 'network', OFFLINE_SAVE));
      return call(savePaperbackCover, { params: { id: manuscriptId }, body: { design } });
    },
    onSuccess: ({ cover }) => {
      qc.setQueryData<PaperbackCoverResponse>(key(manuscriptId), (old) => (old ? { ...old, cover } : old));
    },
  });
}
