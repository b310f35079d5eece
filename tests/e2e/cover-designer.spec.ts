/**
 * The ebook cover designer (/cover). An author picks a gradient, types a title, drags it on the
 * preview and nudges it with the keyboard, downloads the PNG (decoded: 1600 × 2560), saves the
 * design and reopens it, sets the cover on a manuscript of their own and sees it on /publishing.
 */
import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { appOrigin, DEMO, expectAccessible, signIn, test } from './fixtures';
import { DESKTOP, PHONE, pushDocs } from './every-route';

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** The width and height a PNG's IHDR chunk declares (bytes 16–23, big-endian). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** A new manuscript of the signed-in author's, pushed as their device would push it. */
async function newManuscript(page: Page, title: string): Promise<string> {
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { id: string; username: string } };
  const id = `ms-cover-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const now = Date.now();
  const doc = { id, ownerId: me.user.id, ownerName: me.user.username, title, members: [], memberIds: [], createdAt: now, updatedAt: now };
  await pushDocs(page.request, appOrigin(), 'manuscripts', [doc]);
  return id;
}

/** The layer's position as its handle announces it: "Title layer at 800, 768: …". */
async function positionOf(page: Page, which: 'title' | 'author') {
  const label = (await page.getByTestId(`ebook-handle-${which}`).getAttribute('aria-label')) ?? '';
  const [, x, y] = /at (\d+), (\d+)/.exec(label) ?? [];
  return { x: Number(x), y: Number(y) };
}

test.describe('ebook cover designer', () => {
  test('an author designs a cover, exports a 1600 × 2560 PNG and sets it as a manuscript’s cover', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, DEMO.author);
    const title = `Salt and Lanterns ${Date.now().toString(36)}`;
    const manuscriptId = await newManuscript(page, title);

    // The designer is a section of the Publish area, beside the paperback cover.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Publish', exact: true }).click();
    await page.getByRole('navigation', { name: 'Publishing' }).getByRole('link', { name: 'Ebook cover' }).click();
    await expect(page).toHaveURL(/\/cover$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ebook cover' })).toBeVisible();
    await expect(page.getByTestId('ebook-stage')).toHaveAttribute('aria-busy', 'false');

    await page.getByRole('radio', { name: 'Colour' }).check();
    await page.getByRole('radio', { name: 'Gradient' }).check();
    await field(page, 'From').fill('#7c2d12');
    await field(page, 'To').fill('#111827');
    await field(page, 'Title text').fill('Salt and Lanterns');
    await field(page, 'Author name').fill('Ada Author');
    await expect(page.getByRole('img', { name: 'Cover preview: “Salt and Lanterns” by Ada Author' })).toBeVisible();

    // Drag the title down the cover with the pointer.
    const before = await positionOf(page, 'title');
    const handle = page.getByTestId('ebook-handle-title');
    const box = (await handle.boundingBox())!;
    const stage = (await page.getByTestId('ebook-stage').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + stage.height * 0.1, { steps: 5 });
    await page.mouse.up();
    // A tenth of the preview's height is 256 cover pixels (screen pixels round a little).
    await expect.poll(async () => Math.abs((await positionOf(page, 'title')).y - (before.y + 256))).toBeLessThanOrEqual(8);
    const dragged = await positionOf(page, 'title');
    expect(Math.abs(dragged.x - before.x)).toBeLessThanOrEqual(4);
    await expect(page.getByTestId('ebook-position')).toHaveText(`Title at ${dragged.x}, ${dragged.y}.`);

    // The keyboard moves it too: an arrow key is 16 px. (Sideways the wide title is already held
    // by the margins.)
    await handle.focus();
    await page.keyboard.press('ArrowUp');
    const moved = { x: dragged.x, y: dragged.y - 16 };
    await expect(page.getByTestId('ebook-position')).toHaveText(`Title at ${moved.x}, ${moved.y}.`);

    // Export: the PNG decodes at the full 1600 × 2560.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PNG' }).click()]);
    expect(download.suggestedFilename()).toBe('salt-and-lanterns-cover.png');
    const file = test.info().outputPath('cover.png');
    await download.saveAs(file);
    expect(pngSize(fs.readFileSync(file))).toEqual({ width: 1600, height: 2560 });

    // Set as the cover of the new manuscript, then see it with the book's details.
    await field(page, 'Manuscript').selectOption(manuscriptId);
    await page.getByRole('button', { name: 'Set as cover' }).click();
    await expect(page.getByText(`is now the cover of “${title}”`)).toBeVisible();
    await page.getByRole('link', { name: "See it with the book's details" }).click();
    await expect(page).toHaveURL(`/publishing/${manuscriptId}`);
    const cover = page.getByTestId('publishing-cover').getByRole('img', { name: `The ebook cover of “${title}”` });
    await expect(cover).toBeVisible();
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600);
    await page.screenshot({ path: test.info().outputPath('cover-on-publishing.png'), fullPage: true });
  });

  test('a saved design reopens as it was left', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, DEMO.author);
    await page.goto('/cover');
    await expect(page.getByTestId('ebook-stage')).toHaveAttribute('aria-busy', 'false');
    await page.getByRole('radio', { name: 'Colour' }).check();
    await field(page, 'Background colour').fill('#283618');
    await field(page, 'Title text').fill('The Moss Road');
    await field(page, 'Title font').selectOption('italic');
    await page.getByTestId('ebook-handle-title').focus();
    await page.keyboard.press('Shift+ArrowDown');
    const moved = await positionOf(page, 'title');
    const name = `Moss ${Date.now().toString(36)}`;
    await field(page, 'Design name').fill(name);
    await page.getByRole('button', { name: 'Save as new design' }).click();
    await expect(page).toHaveURL(/\/cover\?design=\w+/);

    await page.reload();
    await expect(page.getByTestId('ebook-stage')).toHaveAttribute('aria-busy', 'false');
    await expect(field(page, 'Title text')).toHaveValue('The Moss Road');
    await expect(field(page, 'Title font')).toHaveValue('italic');
    await expect(field(page, 'Background colour')).toHaveValue('#283618');
    await expect(field(page, 'Your designs').locator('option:checked')).toHaveText(name);
    expect(await positionOf(page, 'title')).toEqual(moved);
    await expect(page.getByRole('button', { name: 'Save design', exact: true })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('cover-designer-desktop.png'), fullPage: true });
    await expectAccessible(page);
  });

  test('on a phone: a photo from /files as the background, keyboard moves, a JPEG export, axe clean', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, DEMO.author);
    const photoName = `harbour-${Date.now().toString(36)}.png`;
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3b6e8f' } })
      .png()
      .toBuffer();
    const uploaded = await page.request.post(`/api/files?name=${photoName}`, {
      headers: { origin: appOrigin(), 'content-type': 'application/octet-stream' },
      data: photo,
    });
    expect(uploaded.status()).toBe(201);
    await page.goto('/cover');
    await expect(page.getByTestId('ebook-stage')).toHaveAttribute('aria-busy', 'false');
    await page.getByRole('radio', { name: 'Image' }).check();
    await page.getByRole('group', { name: 'Your images' }).getByRole('button', { name: photoName }).click();
    await expect(page.getByRole('group', { name: 'Your images' }).getByRole('button', { name: photoName })).toHaveAttribute('aria-pressed', 'true');
    const before = await positionOf(page, 'author');
    await page.getByTestId('ebook-handle-author').focus();
    await page.keyboard.press('Shift+ArrowUp');
    await expect(page.getByTestId('ebook-position')).toHaveText(`Author at ${before.x}, ${before.y - 160}.`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // The photo is the server's own file: the canvas stays exportable.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download JPEG' }).click()]);
    const file = test.info().outputPath('cover.jpg');
    await download.saveAs(file);
    expect(await sharp(file).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 2560 });
    await page.screenshot({ path: test.info().outputPath('cover-designer-phone.png'), fullPage: true });
    await expectAccessible(page);
  });
});
