/**
 * Importing a manuscript: a Markdown file with two `#` chapters becomes a manuscript that opens
 * with both chapters and their text in the collaborative editor; refusals show next to the file
 * control; offline the control is disabled and says why.
 */
import { expect } from '@playwright/test';
import { DEMO, expectAccessible, signIn, test } from './fixtures';

const MARKDOWN = `# The Harbour

The **boats** rocked in the harbour all night.

# The Open Sea

At dawn the wind came up from the west.
`;

test('imports a Markdown file as a two-chapter manuscript and opens it', async ({ page }) => {
  await signIn(page, DEMO.author);
  await page.goto('/editor');
  const file = page.getByLabel('Manuscript file');
  await expect(file).toBeEnabled();
  await expectAccessible(page);

  await file.setInputFiles({ name: 'Sea Voyage.md', mimeType: 'text/markdown', buffer: Buffer.from(MARKDOWN) });
  await page.getByRole('button', { name: 'Import manuscript' }).click();

  await expect(page).toHaveURL(/\/editor\/[\w-]+\/[\w-]+$/, { timeout: 20_000 });
  // Titled by the document's first heading, not by the file's name.
  await expect(page).toHaveTitle('The Harbour · Quire');
  const sidebar = page.getByRole('navigation', { name: /chapters/i });
  await expect(sidebar.getByRole('link', { name: /The Harbour/ })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: /The Open Sea/ })).toBeVisible();
  const text = page.getByTestId('chapter-text');
  await expect(text).toContainText('The boats rocked in the harbour all night.');
  await expect(text.locator('strong, b').first()).toHaveText('boats');

  await sidebar.getByRole('link', { name: /The Open Sea/ }).click();
  await expect(text).toContainText('At dawn the wind came up from the west.');
  await expect(page.getByTestId('chapter-sync')).toHaveText('Synced');
  // Co-editing works on an imported chapter: what is typed is kept across a reload.
  await text.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' Gulls followed.');
  await expect(page.getByTestId('chapter-sync')).toHaveText('Synced');
  await page.reload();
  await expect(page.getByTestId('chapter-text')).toContainText('Gulls followed.');
});

test('shows why a file cannot be imported, next to the control', async ({ page }) => {
  await signIn(page, DEMO.author);
  await page.goto('/editor');
  const file = page.getByLabel('Manuscript file');

  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Choose a Word (.docx), Markdown (.md) or EPUB (.epub) file.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import manuscript' })).toBeDisabled();

  // Named like Word, but not a ZIP archive at all: the server says what is wrong.
  await file.setInputFiles({ name: 'novel.docx', mimeType: 'application/octet-stream', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]) });
  await page.getByRole('button', { name: 'Import manuscript' }).click();
  await expect(page.getByRole('alert')).toContainText('neither text nor a document Quire knows');
  await expect(page).toHaveURL(/\/editor$/);
  await expect(file).toHaveAttribute('aria-invalid', 'true');
});

test('is disabled offline, with the reason', async ({ page, context }) => {
  await signIn(page, DEMO.author);
  await page.goto('/editor');
  await expect(page.getByLabel('Manuscript file')).toBeEnabled();
  await context.setOffline(true);
  await expect(page.getByLabel('Manuscript file')).toBeDisabled();
  await expect(page.getByText('Importing needs a connection')).toBeVisible();
  await context.setOffline(false);
});
