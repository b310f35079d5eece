/**
 * The imprint's books (sync/api/publisher-books.ts): every change answers with the book's new
 * detail, which replaces the cached one; the catalogue and the pool are refreshed with it.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  discardImprintBookFiles,
  getImprintBook,
  listImprintBooks,
  runImprintBookCommand,
  saveImprintBookMetadata,
  setImprintBookIsbn,
  type ImprintBookDetail,
} from '../../../sync/api/publisher-books';
import type { PublishingMetadataInput } from '../../../sync/publishing/metadata';
import type { PublishingAction, PublishingState } from '../../../sync/publishing/state-machine';
import { ApiRequestError, call, errorMessage } from '../../lib/api';
import { useToast } from '../../ui';
import { publisherKey } from './publisher-api';

export function useImprintBooks(imprintId: string, query: { state?: PublishingState; q: string; page: number }) {
  return useQuery({
    queryKey: publisherKey(imprintId, 'books', query),
    queryFn: ({ signal }) => call(listImprintBooks, { params: { imprintId }, query, signal }),
    placeholderData: keepPreviousData,
  });
}

const detailKey = (imprintId: string, bookId: string) => publisherKey(imprintId, 'book', bookId);

export function useImprintBook(imprintId: string, bookId: string) {
  return useQuery({
    queryKey: detailKey(imprintId, bookId),
    queryFn: ({ signal }) => call(getImprintBook, { params: { imprintId, bookId }, signal }),
    retry: false,
  });
}

/** A change's answer is the book's new detail: shown at once; lists, dashboard and store refetch. */
function useApplyDetail(imprintId: string, bookId: string) {
  const qc = useQueryClient();
  const toast = useToast();
  return (detail: ImprintBookDetail, message: string) => {
    qc.setQueryData(detailKey(imprintId, bookId), detail);
    void qc.invalidateQueries({ queryKey: publisherKey(imprintId), predicate: (q) => q.queryKey[2] !== 'book' });
    void qc.invalidateQueries({ queryKey: ['store'] });
    toast(message, { tone: 'success' });
  };
}

function useBookChange<V>(imprintId: string, bookId: string, run: (vars: V) => Promise<ImprintBookDetail>, done: (vars: V) => string) {
  const toast = useToast();
  const apply = useApplyDetail(imprintId, bookId);
  return useMutation({
    mutationFn: run,
    onSuccess: (detail, vars) => apply(detail, done(vars)),
    onError: (error) => {
      // Field messages are shown next to the fields.
      if (error instanceof ApiRequestError && [409, 413, 415, 422].includes(error.status) && Object.keys(error.fields).length) return;
      toast(errorMessage(error), { tone: 'error' });
    },
  });
}

export function useSaveBookDetails(imprintId: string, bookId: string) {
  return useBookChange(
    imprintId,
    bookId,
    (body: PublishingMetadataInput) => call(saveImprintBookMetadata, { params: { imprintId, bookId }, body }),
    () => 'Details saved.',
  );
}

export function useSetIsbn(imprintId: string, bookId: string) {
  return useBookChange(
    imprintId,
    bookId,
    (isbn: string) => call(setImprintBookIsbn, { params: { imprintId, bookId }, body: { isbn } }),
    () => 'ISBN saved.',
  );
}

const DONE: Partial<Record<PublishingAction, string>> = {
  submit: 'Submitted for review.',
  unlist: 'Unlisted: the book has left the store.',
  republish: 'Listed again.',
};

export function useBookCommand(imprintId: string, bookId: string) {
  return useBookChange(
    imprintId,
    bookId,
    (action: PublishingAction) => call(runImprintBookCommand, { params: { imprintId, bookId }, body: { action } }),
    (action) => DONE[action] ?? 'Done.',
  );
}

/** Throw away new files of a book in the store that are not with the reviewers. */
export function useDiscardFiles(imprintId: string, bookId: string) {
  return useBookChange(
    imprintId,
    bookId,
    () => call(discardImprintBookFiles, { params: { imprintId, bookId } }),
    () => 'New files discarded: the update keeps the files in the store.',
  );
}

/** A file replaced through FileStep (its own upload with progress): its answer is the book's new detail. */
export const useFileReplaced = useApplyDetail;
