/**
 * The publishing pages' queries and commands (sync/api/publishing.ts). Every change answers with
 * the publication's new detail, which replaces the cached one; the lists and the store (an
 * approval or unlisting changes what it shows) are refreshed.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  commentOnPublication,
  getPublication,
  listMyPublications,
  listPublications,
  listReviewQueue,
  runPublishingCommand,
  savePublishingMetadata,
  type PublicationDetail,
} from '../../../sync/api/publishing';
import type { PublishingMetadataInput } from '../../../sync/publishing/metadata';
import type { PublishingAction, PublishingState } from '../../../sync/publishing/state-machine';
import { ApiRequestError, call, errorMessage } from '../../lib/api';
import { useToast } from '../../ui';

const KEY = ['publishing'] as const;
const detailKey = (id: string) => [...KEY, 'detail', id];

export function useMyPublications() {
  return useQuery({ queryKey: [...KEY, 'mine'], queryFn: ({ signal }) => call(listMyPublications, { signal }) });
}

export function usePublication(id: string) {
  return useQuery({
    queryKey: detailKey(id),
    queryFn: ({ signal }) => call(getPublication, { params: { id }, signal }),
    retry: false,
    // The automatic checks run as a job after a submission: look again each second until they are done.
    refetchInterval: (q) => (q.state.data?.checks.some((c) => c.status === 'pending') ? 1000 : false),
  });
}

export function useReviewQueue() {
  return useQuery({ queryKey: [...KEY, 'queue'], queryFn: ({ signal }) => call(listReviewQueue, { signal }) });
}

export function useAllPublications(state: PublishingState | undefined) {
  return useQuery({ queryKey: [...KEY, 'all', state ?? ''], queryFn: ({ signal }) => call(listPublications, { query: { state }, signal }) });
}

function usePublicationChange<V>(id: string, run: (vars: V) => Promise<PublicationDetail>, success: (vars: V) => string) {
  const qc = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: run,
    onSuccess: (detail, vars) => {
      qc.setQueryData(detailKey(id), detail);
      void qc.invalidateQueries({ queryKey: KEY, predicate: (q) => q.queryKey[1] !== 'detail' });
      void qc.invalidateQueries({ queryKey: ['store'] });
      toast(success(vars), { tone: 'success' });
    },
    onError: (error) => {
      // Field messages are shown next to the fields by the form itself.
      if (error instanceof ApiRequestError && error.status === 422 && Object.keys(error.fields).length) return;
      toast(errorMessage(error), { tone: 'error' });
    },
  });
}

export function useSaveMetadata(id: string) {
  return usePublicationChange(
    id,
    (body: PublishingMetadataInput) => call(savePublishingMetadata, { params: { id }, body }),
    () => 'Details saved.',
  );
}

const DONE: Record<PublishingAction, string> = {
  submit: 'Submitted for review.',
  start_review: 'Review started.',
  request_changes: 'Changes requested. The author has been told.',
  reject: 'Rejected. The author has been told.',
  approve: 'Approved: the book is in the store.',
  unlist: 'Unlisted: the book has left the store.',
  republish: 'Listed again.',
};

export function useCommand(id: string) {
  return usePublicationChange(
    id,
    (body: { action: PublishingAction; comment?: string }) => call(runPublishingCommand, { params: { id }, body }),
    ({ action }) => DONE[action],
  );
}

export function useComment(id: string) {
  return usePublicationChange(
    id,
    (comment: string) => call(commentOnPublication, { params: { id }, body: { comment } }),
    () => 'Comment sent.',
  );
}
