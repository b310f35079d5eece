/**
 * The job queue and the image pipeline, for real: an author uploads a real image and a corrupt
 * one; the image jobs make the first one's WebP and AVIF variants and fail on the second. The
 * admin sees both on /admin/image-system-status and /admin/queue-status, and retries the failed
 * job from there. A reader's own EPUB with a raster cover shows in the library through its
 * variants. Every image is of this run only (its colour and bytes carry the run's stamp), so other
 * runs' and journeys' jobs never stand in for these.
 */
import { createHash } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { epub3 } from '../../server/books/epub/test-epubs';
import { DEMO, adminPage, appOrigin, expectAccessible, signedIn, test } from './fixtures';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const stamp = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

/** A real 600 × 960 image of one colour that no other run picks (the colour is the stamp's). */
async function uniquePng(seed: string, width = 600, height = 960): Promise<Buffer> {
  const n = parseInt(createHash('sha1').update(seed).digest('hex').slice(0, 6), 16);
  return sharp({ create: { width, height, channels: 3, background: { r: n >> 16, g: (n >> 8) & 255, b: n & 255 } } })
    .png()
    .toBuffer();
}

/** A PNG signature, then bytes no decoder reads: the upload accepts it, the variant job cannot. */
function corruptPng(seed: string): Buffer {
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(`not really an image ${seed} `.repeat(8))]);
}

async function upload(page: Page, name: string, bytes: Buffer): Promise<void> {
  const res = await page.request.post(`/api/files?name=${encodeURIComponent(name)}`, {
    headers: { 'content-type': 'application/octet-stream', origin: appOrigin() },
    data: bytes,
  });
  expect(res.status(), await res.text()).toBe(201);
}

interface JobRow {
  id: number;
  kind: string;
  state: string;
  lastError: string | null;
  finishedAt: number | null;
}

/** The image job of an original, from the queue's failures (its error names the original). */
async function failedImageJob(admin: Page, hash: string): Promise<JobRow | undefined> {
  const status = (await (await admin.request.get('/api/admin/queue-status')).json()) as { failures: JobRow[] };
  return status.failures.find((j) => j.kind === 'image.variants' && j.lastError?.includes(hash.slice(0, 12)));
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('h1')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath(`${name}-phone.png`), fullPage: true });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1366, height: 850 });
}

test('an admin sees the image system and the queue with real image jobs, and retries a failed one', async ({ browser }) => {
  const run = stamp();
  const good = await uniquePng(run);
  const bad = corruptPng(run);
  const author = await signedIn(browser, DEMO.author);
  await upload(author.page, `harbour-${run}.png`, good);
  await upload(author.page, `broken-${run}.png`, bad);
  await author.context.close();

  const admin = await adminPage(browser);
  // The image lane works through the jobs: the corrupt image's job is dead after its one retry.
  await expect.poll(async () => (await failedImageJob(admin, sha256(bad)))?.state, { timeout: 30_000 }).toBe('dead');

  await admin.goto('/admin/image-system-status');
  await expect(admin.getByRole('heading', { level: 1, name: 'Image system' })).toBeVisible();
  const failures = admin.getByRole('region', { name: 'Variants that failed' });
  await expect(failures.getByRole('row').filter({ hasText: sha256(bad).slice(0, 12) })).toHaveCount(6);
  await expect(admin.getByRole('region', { name: 'Variants by format' })).toContainText('AVIF');
  await expect(admin.getByText('Variants done')).toBeVisible();
  await expect(admin.getByRole('button', { name: /Reprocess failed \(\d+\)/ })).toBeEnabled();
  await expectAccessible(admin);
  await shoot(admin, 'image-system-status');

  await admin.goto('/admin/queue-status');
  await expect(admin.getByRole('heading', { level: 1, name: 'Job queue' })).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Jobs by kind and state' })).toContainText('image.variants');
  await expect(
    admin
      .getByRole('list')
      .filter({ has: admin.getByRole('listitem', { name: /done, \d+ failed/ }) })
      .getByRole('listitem'),
  ).toHaveCount(24);
  const job = (await failedImageJob(admin, sha256(bad)))!;
  const row = admin
    .getByRole('region', { name: 'Failed jobs' })
    .getByRole('row')
    .filter({ hasText: `#${job.id}` });
  await expect(row).toContainText(sha256(bad).slice(0, 12));
  await expectAccessible(admin);
  await shoot(admin, 'queue-status');

  await row.getByRole('button', { name: `Retry job ${job.id} (image.variants)` }).click();
  await expect(admin.getByText(`Job ${job.id} is queued again.`)).toBeVisible();
  // Run again from its first attempt, it fails again (the bytes are still corrupt) — later than before.
  await expect.poll(async () => (await failedImageJob(admin, sha256(bad)))?.finishedAt ?? 0, { timeout: 30_000 }).toBeGreaterThan(job.finishedAt!);

  const audit = (await (await admin.request.get('/api/admin/audit?action=job.retried')).json()) as { items: { action: string; targetId: string }[] };
  expect(audit.items).toContainEqual(expect.objectContaining({ action: 'job.retried', targetId: String(job.id) }));
  await admin.context().close();
});

test('the library shows a raster cover through its WebP and AVIF variants once they are made', async ({ browser }) => {
  const run = stamp();
  const title = `Lantern Quay ${run}`;
  const cover = await sharp(await uniquePng(`cover-${run}`, 480, 768))
    .jpeg()
    .toBuffer();
  const reader = await signedIn(browser, DEMO.reader);
  const res = await reader.page.request.post('/api/library/sideloads', {
    headers: { 'content-type': 'application/epub+zip', origin: appOrigin() },
    data: Buffer.from(epub3({ identifier: `urn:uuid:variants-${run}`, title, cover: { path: 'images/cover.jpg', mediaType: 'image/jpeg', bytes: cover } })),
  });
  expect(res.status(), await res.text()).toBe(201);
  const { book } = (await res.json()) as { book: { id: string } };
  await expect
    .poll(async () => {
      const library = (await (await reader.page.request.get('/api/library')).json()) as { books: { id: string; coverSet?: { webp?: string } }[] };
      return library.books.find((b) => b.id === book.id)?.coverSet?.webp ?? '';
    })
    .toMatch(/160w, .*320w, .*480w$/);

  await reader.page.goto('/books');
  const item = reader.page.getByRole('listitem').filter({ hasText: title });
  const picture = item.locator('picture');
  await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute('srcset', /\/api\/images\/[0-9a-f]{64}\.avif 160w/);
  await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute('sizes', '6rem');
  // The browser took a variant, not the original, and it loaded.
  const img = picture.locator('img');
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0 && el.currentSrc))
    .toMatch(/\/api\/images\/[0-9a-f]{64}\.(avif|webp)$/);
  await reader.context.close();
});
