/**
 * Files: an author uploads an image on /files (progress, then a thumbnail), renames it, and puts
 * it into a chapter through the editor's Image dialog, where it renders; a file the server cannot
 * take is refused with its reason next to the upload.
 */
import { expect } from '@playwright/test';
import { DEMO, expectAccessible, signIn, test } from './fixtures';

// A real 1×1 PNG, so the browser draws the thumbnail and the chapter image.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('an author uploads an image, renames it and inserts it into a chapter', async ({ page }) => {
  // Names of this run only: the demo author keeps the files of earlier runs against this server.
  const stamp = Date.now().toString(36);
  const uploaded = `harbour-${stamp}.png`;
  const renamed = `Harbour at dawn ${stamp}.png`;
  await signIn(page, DEMO.author);
  await page.goto('/files');
  await expect(page.getByRole('heading', { name: 'Files', level: 1 })).toBeVisible();

  await page.locator('input[type=file]').first().setInputFiles({ name: uploaded, mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('region', { name: 'Uploads' })).toContainText(uploaded);
  const card = page.getByRole('listitem', { name: uploaded });
  await expect(card.locator('img')).toBeVisible();
  // Visible is not loaded: the thumbnail's bytes may still be on their way on a busy machine.
  await expect.poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

  await card.getByRole('button', { name: `Rename ${uploaded}` }).click();
  await page.getByLabel(`New name for ${uploaded}`).fill(renamed);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('listitem', { name: renamed })).toBeVisible();
  await expectAccessible(page);

  // Not an image, DOCX, Markdown or EPUB: refused with the server's reason.
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'program.md', mimeType: 'text/markdown', buffer: Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 0, 1, 2, 3]) });
  await expect(page.getByRole('region', { name: 'Uploads' }).getByRole('alert')).toBeVisible();

  // Into a chapter: a manuscript imported from Markdown gives one quickly.
  await page.goto('/editor');
  await page
    .getByLabel('Manuscript file')
    .setInputFiles({ name: 'Harbour.md', mimeType: 'text/markdown', buffer: Buffer.from('# Dawn\n\nThe harbour woke slowly.\n') });
  await page.getByRole('button', { name: 'Import manuscript' }).click();
  await expect(page).toHaveURL(/\/editor\/[\w-]+\/[\w-]+$/, { timeout: 20_000 });
  const text = page.getByTestId('chapter-text');
  await expect(text).toContainText('The harbour woke slowly.');
  await text.click();
  await page.keyboard.press('ControlOrMeta+End');

  await page.getByRole('button', { name: 'Image', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Insert an image' });
  await dialog.getByText(renamed).click();
  await dialog.getByLabel('Alt text').fill('Boats in the harbour at dawn');
  await dialog.getByRole('button', { name: 'Insert image' }).click();
  await expect(dialog).toBeHidden();
  const image = text.getByRole('img', { name: 'Boats in the harbour at dawn' });
  await expect(image).toBeVisible();
  await expect(page.getByTestId('chapter-sync')).toHaveText('Synced');

  // It is part of the chapter, not only of this page.
  await page.reload();
  await expect(page.getByTestId('chapter-text').getByRole('img', { name: 'Boats in the harbour at dawn' })).toBeVisible();
});
