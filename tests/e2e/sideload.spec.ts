/**
 * Sideloading: a reader adds their own EPUB on /books ("Add a book", upload with progress), sees
 * it in their library marked private, opens it in the reader and downloads it for offline; the
 * store's search does not find it; a DRM-protected EPUB dropped on the dialog is refused with the
 * reason next to the file; removing the book takes it out of the library.
 */
import { expect, type Page } from '@playwright/test';
import { drmEpub, epub3 } from '../../server/books/epub/test-epubs';
import { DEMO, expectAccessible, signIn, test } from './fixtures';

/** Drop a file on an element as the browser would after a drag from the desktop. */
async function dropFile(page: Page, testId: string, file: { name: string; bytes: Uint8Array }) {
  const data = await page.evaluateHandle(
    ({ name, bytes }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], name, { type: 'application/epub+zip' }));
      return transfer;
    },
    { name: file.name, bytes: [...file.bytes] },
  );
  await page.getByTestId(testId).dispatchEvent('dragover', { dataTransfer: data });
  await page.getByTestId(testId).dispatchEvent('drop', { dataTransfer: data });
}

test('a reader adds their own EPUB, reads it, and the store never shows it', async ({ page }) => {
  // A title and identifier of this run only: the demo reader keeps the books of earlier runs.
  const stamp = Date.now().toString(36);
  const title = `Quillwort Diaries ${stamp}`;
  const bytes = epub3({ identifier: `urn:uuid:sideload-${stamp}`, title });

  await signIn(page, DEMO.reader);
  await page.goto('/books');
  await page.getByRole('button', { name: 'Add a book' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a book' });
  await expect(dialog.getByText(/storage used/)).toBeVisible();
  await expectAccessible(page);

  // DRM: dropped on the dialog, refused with the server's sentence next to the file.
  await dropFile(page, 'add-book-drop', { name: 'locked.epub', bytes: drmEpub() });
  await expect(dialog.getByRole('alert')).toContainText('DRM');

  await dialog.getByLabel('Choose an EPUB').setInputFiles({ name: 'quillwort.epub', mimeType: 'application/epub+zip', buffer: Buffer.from(bytes) });
  await expect(dialog.getByText('Added to your library')).toBeVisible();
  await expect(dialog).toContainText(title);
  await dialog.getByRole('link', { name: 'Read now' }).click();

  await expect(page).toHaveURL(/\/books\/epub-[0-9a-f]+/);
  const bookId = new URL(page.url()).pathname.split('/')[2]!;
  await expect(page.locator('section.reader-chapter').first()).toContainText('Cover page');
  // The whole book is the owner's: its last chapter opens from the contents.
  await page.getByRole('button', { name: 'Contents' }).click();
  await page.getByRole('dialog', { name: 'Contents' }).getByRole('treeitem', { name: 'The Storm' }).click();
  await expect(page.locator('section.reader-chapter', { hasText: 'Il pleut.' })).toBeVisible();

  await page.goto('/books');
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(item.getByText('Your upload · private')).toBeVisible();
  await item.getByRole('button', { name: `Download ${title}` }).click();
  await expect(item.getByText(/Available offline/)).toBeVisible();
  await expectAccessible(page);

  // Not in the store: its search finds nothing, and its book page does not exist.
  await page.goto(`/store/advanced-search?title=${encodeURIComponent(title)}`);
  await expect(page.getByRole('heading', { name: 'No books match' })).toBeVisible();
  expect((await page.request.get(`/api/store/books/${bookId}`)).status()).toBe(404);

  // Removing it takes it out of the library (and frees the storage it used).
  await page.goto('/books');
  await item.getByRole('button', { name: `Remove ${title}` }).click();
  await page.getByRole('dialog', { name: 'Remove this book?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(item).toHaveCount(0);
  expect((await page.request.get(`/api/books/${bookId}`)).status()).toBe(404);
});
