/** Test setup shared by the book API tests: a book imported through the real route, then published. */
import type { ImportStartedResponse } from '../../sync/api/books';
import type { TestContext } from '../test/test-context';

export async function importPublishedBook(t: TestContext, cookie: string, epub: Uint8Array): Promise<string> {
  const res = await t.request('/api/books/import', { method: 'POST', cookie, headers: { 'content-type': 'application/epub+zip' }, body: epub });
  const { importId } = (await res.json()) as ImportStartedResponse;
  await t.worker.drain();
  const bookId = (await t.ctx.db.selectFrom('bookImports').select('bookId').where('id', '=', importId).executeTakeFirstOrThrow()).bookId!;
  await t.ctx.db.updateTable('books').set({ status: 'published' }).where('id', '=', bookId).execute();
  return bookId;
}
