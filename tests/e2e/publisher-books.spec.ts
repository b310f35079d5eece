/**
 * The imprint's books: the demo publisher finds a draft of their own in /publisher/books by its
 * title and by state, edits its keywords, series and contributors, gives it an ISBN (typed),
 * submits it and sees its state change; once a reviewer approves it, the store page shows the
 * series and the credits by role. The draft (an EPUB uploaded through the API) and its ISBN (a
 * random 979-8 number) are this run's own. The ISBN stays out of the imprint's pool: the pool's
 * counts are publisher-isbn.spec's, which runs alongside.
 *
 * Then a book in the store gets a corrected EPUB and a new cover (decision 065): they wait as an
 * update pending review while the store keeps the approved text, and replace it once approved.
 */
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { epub3 } from '../../server/books/epub/test-epubs';
import { adminPage, appOrigin, DEMO, expectAccessible, signIn, test } from './fixtures';
import { PHONE, sidewaysOverflow } from './every-route';

function randomIsbn(): string {
  const first12 = `9798${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const sum = [...first12].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return first12 + String((10 - (sum % 10)) % 10);
}

async function api(page: Page, method: 'get' | 'post' | 'put', path: string, data?: unknown, body?: Buffer) {
  const headers: Record<string, string> = { origin: appOrigin() };
  if (body) headers['content-type'] = 'application/octet-stream';
  const res = await page.request[method](path, { headers, ...(body ? { data: body } : data !== undefined ? { data } : {}) });
  expect(res.ok(), `${method.toUpperCase()} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/** A draft of the demo imprint, imported from an EPUB by the upload job, and an ISBN of no pool. */
async function draftAndIsbn(page: Page, title: string) {
  const { imprints } = await api(page, 'get', '/api/publisher/imprints');
  const imprintId: string = imprints[0].id;
  const isbn = randomIsbn();
  const epub = Buffer.from(epub3({ title, identifier: `urn:uuid:${crypto.randomUUID()}` }));
  const checked = await api(page, 'post', `/api/publisher/uploads/epub?imprintId=${imprintId}&name=lantern.epub`, undefined, epub);
  const uploadId: string = checked.upload.id;
  await api(page, 'post', `/api/publisher/imprints/${imprintId}/uploads/${uploadId}/start`, { price: '4.99', currency: 'USD' });
  let bookId: string | null = null;
  await expect
    .poll(async () => {
      const detail = await api(page, 'get', `/api/publisher/imprints/${imprintId}/uploads/${uploadId}`);
      bookId = detail.items[0]?.bookId ?? null;
      return detail.upload.status;
    })
    .toBe('done');
  return { imprintId, isbn, bookId: bookId! };
}

test('a publisher filters the imprint’s books, edits one’s keywords, series and contributors, gives it an ISBN and submits it', async ({ page, browser }) => {
  const run = Date.now().toString(36);
  const title = `The Lantern Keeper ${run}`;
  await signIn(page, DEMO.publisher);
  const { isbn, bookId } = await draftAndIsbn(page, title);

  // The catalogue: found by title, listed as a draft; not among the submitted books.
  await page.goto('/publisher/books');
  await expect(page.getByRole('heading', { level: 1, name: 'Books' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Publisher' }).getByRole('link', { name: 'Books' })).toHaveClass(/active/);
  await page.getByLabel('Title or ISBN').fill(run);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${run}`));
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('Draft');
  await expect(row).toContainText('$4.99');
  await expect(page.getByText('1 book match', { exact: true })).toBeVisible();
  await page.getByLabel('State').selectOption('submitted');
  await expect(page.getByText(`No submitted books match “${run}”.`)).toBeVisible();
  await page.getByLabel('State').selectOption('draft');
  await expect(row).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('publisher-books-desktop.png'), fullPage: true });

  // Edit: keywords, series, contributors with roles, genre and age rating.
  await row.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/publisher/books/${bookId}/edit`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('book-state')).toHaveText('Draft');
  const form = page.getByRole('form', { name: 'Book details' });
  await form.getByLabel('Keywords').fill('lanterns, winter, small town');
  await form.getByLabel('Series', { exact: true }).fill('Lantern Towns');
  await form.getByLabel('Number in series').fill('2');
  await form.getByLabel('Age rating').selectOption('12+');
  await form.getByLabel('Fiction: general & literary').check();
  await expect(form.getByLabel('Contributor 1 name')).toHaveValue('Ann Author');
  await form.getByRole('button', { name: 'Add a contributor' }).click();
  await form.getByLabel('Contributor 3 name').fill('Edith Grey');
  await form.getByLabel('Contributor 3 role').selectOption('B06');
  await form.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Details saved.')).toBeVisible();

  // An ISBN typed with hyphens: assigned to this book.
  await page.getByLabel('Or type one').fill(`${isbn.slice(0, 3)}-${isbn.slice(3, 4)}-${isbn.slice(4)}`);
  await page.getByRole('button', { name: 'Use this ISBN' }).click();
  await expect(page.getByTestId('book-isbn')).toContainText(isbn);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('publisher-book-edit-desktop.png'), fullPage: true });

  // Submit: the state changes here and in the catalogue.
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByTestId('book-state')).toHaveText('Submitted');
  await expect(page.getByRole('link', { name: 'Read the submitted edition' })).toBeVisible();

  // A reviewer approves it: the edit page shows it published, the store page the series and credits by role.
  const admin = await adminPage(browser);
  const approved = await admin.request.post(`/api/publishing/${bookId}/commands`, { headers: { origin: appOrigin() }, data: { action: 'approve' } });
  expect(approved.status(), await approved.text()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('book-state')).toHaveText('Published');
  await page.getByRole('link', { name: 'See it in the store' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Book 2 of Lantern Towns')).toBeVisible();
  await expect(page.getByText('Translated by Edith Grey')).toBeVisible();
  await expect(page.getByText(isbn)).toBeVisible();
});

test('the catalogue and the edit page on a phone', async ({ page }) => {
  const run = Date.now().toString(36);
  const title = `The Harbour Lamp ${run}`;
  await signIn(page, DEMO.publisher);
  await draftAndIsbn(page, title);
  await page.setViewportSize(PHONE);
  await page.goto(`/publisher/books?q=${run}`);
  await expect(page.getByText('1 book match', { exact: true })).toBeVisible();
  expect(await sidewaysOverflow(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('publisher-books-phone.png'), fullPage: true });
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByTestId('book-state')).toHaveText('Draft');
  expect(await sidewaysOverflow(page)).toEqual([]);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('publisher-book-edit-phone.png'), fullPage: true });
});

test('a publisher replaces the EPUB and cover of a book in the store: the update waits for review, then buyers get it', async ({ page, browser }) => {
  const run = Date.now().toString(36);
  const title = `The Tide Clock ${run}`;
  await signIn(page, DEMO.publisher);
  const { imprintId, bookId } = await draftAndIsbn(page, title);
  const book = `/api/publisher/imprints/${imprintId}/books/${bookId}`;
  await api(page, 'put', `${book}/metadata`, {
    title,
    subtitle: '',
    description: 'A clock that keeps the tides, and the town that forgot to wind it.',
    genres: ['FB'],
    keywords: ['tides'],
    language: 'en',
    priceCents: 499,
    currency: 'USD',
    ageRating: 'all',
    series: '',
    seriesNumber: null,
    contributors: [{ name: 'Ann Author', role: 'A01' }],
  });
  await api(page, 'post', `${book}/commands`, { action: 'submit' });
  const admin = await adminPage(browser);
  // The automatic checks run as a job after each submission: approval waits for them (409 until then).
  const approve = () =>
    expect
      .poll(async () =>
        (await admin.request.post(`/api/publishing/${bookId}/commands`, { headers: { origin: appOrigin() }, data: { action: 'approve' } })).status(),
      )
      .toBe(200);
  await approve();
  const storeChapters = async () => ((await api(page, 'get', `/api/books/${bookId}`)) as { chapters: { title: string }[] }).chapters.map((c) => c.title);
  const before = await storeChapters();
  expect(before).not.toContain('Landfall');

  // A corrected EPUB (a chapter added) and a new cover: an update pending review, the store unchanged.
  await page.goto(`/publisher/books/${bookId}/edit?imprint=${imprintId}`);
  await expect(page.getByTestId('book-state')).toHaveText('Published');
  const corrected = epub3({
    title,
    identifier: `urn:uuid:${crypto.randomUUID()}`,
    chapters: [
      { id: 'ch1', title: 'Departure', body: '<h1>Departure</h1><p>We left at dawn, as the corrected text says.</p>' },
      { id: 'ch2', title: 'The Storm', body: '<h1 id="storm">The Storm</h1><p>Il pleut.</p>' },
      { id: 'ch3', title: 'Landfall', body: '<h1>Landfall</h1><p>An island at last.</p>' },
    ],
  });
  await page.getByLabel('Replace the EPUB').setInputFiles({ name: 'corrected.epub', mimeType: 'application/epub+zip', buffer: Buffer.from(corrected) });
  const pending = page.getByTestId('pending-update');
  await expect(pending.getByRole('heading', { name: 'Update pending review' })).toBeVisible();
  await expect(pending).toContainText('Added: Landfall');
  await expect(pending).toContainText('Removed: Cover');
  await expect(pending).toContainText('Not submitted yet');
  const cover = await sharp({ create: { width: 1600, height: 2560, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  await page.getByLabel('Replace the cover').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover });
  await expect(pending.getByRole('img', { name: `New cover of ${title}` })).toBeVisible();
  expect(await storeChapters()).toEqual(before);
  await expectAccessible(page);
  // The two toasts would cover the panel in the pictures.
  await expect(page.getByRole('button', { name: 'Dismiss' })).toHaveCount(0); // they go after 5 s
  await page.screenshot({ path: test.info().outputPath('publisher-book-pending-update-desktop.png'), fullPage: true });
  await page.setViewportSize(PHONE);
  expect(await sidewaysOverflow(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('publisher-book-pending-update-phone.png'), fullPage: true });
  await pending.screenshot({ path: test.info().outputPath('publisher-book-pending-update-phone-panel.png') });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Submitted: files wait for the decision; the reviewer approves and the store has the new text.
  await page.getByRole('button', { name: 'Submit update for review' }).click();
  await expect(page.getByTestId('book-state')).toContainText('Submitted');
  await expect(pending).toContainText('Submitted: the reviewers have it.');
  await expect(page.getByLabel('Replace the EPUB')).toBeDisabled();
  expect(await storeChapters()).toEqual(before);
  // The reviewer's page: an update, with the new cover (the store had none).
  await admin.goto(`/admin/store/review/${bookId}`);
  await expect(admin.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(admin.getByTestId('review-covers').getByRole('img', { name: 'Cover: Edition 2' })).toBeVisible();
  await expect(admin.getByRole('link', { name: 'Edition 1, in the store now' })).toBeVisible();
  await admin.screenshot({ path: test.info().outputPath('review-update-desktop.png'), fullPage: true });
  await approve();
  await page.reload();
  await expect(page.getByTestId('book-state')).toHaveText('Published');
  await expect(page.getByTestId('pending-update')).toHaveCount(0);
  expect(await storeChapters()).toEqual(['Departure', 'The Storm', 'Landfall']);
});
