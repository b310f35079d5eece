/** Give a free ISBN to one of the imprint's books that has none (a select of them). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { assignIsbn, listIsbnlessBooks, type PoolIsbn } from '../../../sync/api/publisher-isbns';
import { call, errorMessage, fieldErrorsOf } from '../../lib/api';
import { Button, Dialog, Notice, QueryState, SelectField, useToast } from '../../ui';
import { publisherKey } from './publisher-api';

const STATUS: Record<string, string> = {
  draft: 'draft',
  submitted: 'submitted',
  in_review: 'in review',
  changes_requested: 'changes requested',
  published: 'published',
  unlisted: 'unlisted',
};

export function AssignDialog({ imprintId, isbn, onClose }: { imprintId: string; isbn: PoolIsbn; onClose: () => void }) {
  const qc = useQueryClient();
  const toast = useToast();
  const [bookId, setBookId] = useState('');
  const [local, setLocal] = useState('');
  const books = useQuery({
    queryKey: publisherKey(imprintId, 'isbn-books'),
    queryFn: ({ signal }) => call(listIsbnlessBooks, { params: { imprintId }, signal }),
  });
  const save = useMutation({
    mutationFn: () => call(assignIsbn, { params: { imprintId, isbn: isbn.isbn }, body: { bookId } }),
    onSuccess: ({ isbn: saved }) => {
      toast(`${saved.hyphenated} is now the ISBN of “${saved.book?.title ?? ''}”.`, { tone: 'success' });
      void qc.invalidateQueries({ queryKey: publisherKey(imprintId) });
      onClose();
    },
  });
  const serverError = save.error ? (fieldErrorsOf(save.error).bookId ?? errorMessage(save.error)) : '';
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Assign ${isbn.hyphenated}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={save.isPending}
            disabled={books.data?.books.length === 0}
            onClick={() => {
              setLocal(bookId ? '' : 'Choose a book.');
              if (bookId) save.mutate();
            }}
          >
            Assign ISBN
          </Button>
        </>
      }
    >
      <QueryState query={books} what="Your books" lines={2}>
        {({ books: list }) =>
          list.length === 0 ? (
            <Notice>Every book of your imprint has an ISBN already. A new book appears here once it is added.</Notice>
          ) : (
            <SelectField
              label="Book"
              value={bookId}
              onChange={(e) => setBookId(e.target.value)}
              error={local || serverError || undefined}
              hint="Your imprint's books without an ISBN. The ISBN is written into the book."
            >
              <option value="">Choose a book…</option>
              {list.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.title} ({STATUS[b.status] ?? b.status})
                </option>
              ))}
            </SelectField>
          )
        }
      </QueryState>
    </Dialog>
  );
}
