/**
 * The paperback cover designer. An author sizes a KDP cover (KDP's own example: 6 × 9 in, 200
 * pages, white → spine 0.4504 in, full cover 12.7004 × 9.25 in), thins the book under 79 pages
 * and is told the spine can't carry text, then downloads the print PDF. From a book's print
 * layout the typeset page count travels to the cover. A manuscript's cover is saved, takes its
 * page count from the manuscript's print layout and says so when that count changes. The demo
 * pages are admins' only.
 */
import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { appOrigin, DEMO, expectAccessible, signedIn, signIn, test } from './fixtures';
import { DESKTOP, people, PHONE, RouteData } from './every-route';

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test.describe('paperback cover', () => {
  test('an author sizes a cover from trim, paper and page count; the spine follows the page count', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, DEMO.author);
    // The cover tool is a section of the author's Publish area.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Publish', exact: true }).click();
    await page.getByRole('navigation', { name: 'Publishing' }).getByRole('link', { name: 'Paperback cover' }).click();
    await expect(page).toHaveURL(/\/kdp-cover$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Paperback cover' })).toBeVisible();

    await field(page, 'Trim size').selectOption('6x9');
    await field(page, 'Paper').selectOption('white');
    await field(page, 'Page count').fill('200');
    await field(page, 'Title').fill('The Lamp at Gull Point');
    await field(page, 'Author').fill('Ada Author');
    await expect(page.getByTestId('kdp-spine-width')).toHaveText('0.4504 in');
    await expect(page.getByTestId('kdp-full-size')).toHaveText('12.7004 × 9.25 in');
    await expect(page.getByTestId('kdp-preview')).toHaveAttribute('data-spine-width', '0.4504');
    await expect(page.getByTestId('kdp-warnings')).toBeEmpty();
    // The title runs down the spine.
    await expect(page.getByTestId('kdp-preview').locator('text[transform^="rotate(90"]').first()).toHaveText('The Lamp at Gull Point');
    await expect(page.getByTestId('kdp-canvas')).toHaveAttribute('aria-busy', 'false');
    await page.screenshot({ path: test.info().outputPath('kdp-cover-desktop.png'), fullPage: true });

    // A thinner book: the spine narrows at once and loses its text.
    await field(page, 'Page count').fill('60');
    await expect(page.getByTestId('kdp-spine-width')).toHaveText('0.1351 in');
    await expect(page.getByTestId('kdp-full-size')).toHaveText('12.3851 × 9.25 in');
    await expect(page.getByTestId('kdp-warnings')).toContainText('No spine text under 79 pages');
    await expect(page.getByTestId('kdp-preview').locator('text[transform^="rotate(90"]')).toHaveCount(0);

    // Out of KDP's range: the field says so, the download waits.
    await field(page, 'Page count').fill('12');
    await expect(page.getByText('KDP prints paperbacks of 24 pages or more (this one has 12).')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download print PDF' })).toBeDisabled();
    await field(page, 'Page count').fill('60');
    await expect(page.getByRole('button', { name: 'Download print PDF' })).toBeEnabled();
  });

  test('on a phone the designer fits the screen and passes axe', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, DEMO.author);
    await page.goto('/kdp-cover?trim=5.5x8.5&pages=120&paper=cream');
    await expect(page.getByTestId('kdp-spine-width')).toHaveText('0.3 in');
    await expect(page.getByTestId('kdp-canvas')).toHaveAttribute('aria-busy', 'false');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('kdp-cover-phone.png'), fullPage: true });
  });

  test('an author downloads the print PDF of a cover', async ({ page }) => {
    await signIn(page, DEMO.author);
    await page.goto('/kdp-cover?trim=6x9&pages=60&paper=white');
    await field(page, 'Title').fill('The Lamp at Gull Point');
    await expect(page.getByTestId('kdp-spine-width')).toHaveText('0.1351 in');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download print PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('the-lamp-at-gull-point-paperback-cover-6x9-60p-white.pdf');
    const bytes = fs.readFileSync(await file.path());
    expect(bytes.length).toBeGreaterThan(1000);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expect(page.getByRole('button', { name: 'Download print PDF' })).toBeEnabled();
    await expect(page.getByTestId('kdp-warnings')).not.toContainText("The PDF wasn't made");
  });

  test("the print layout's page count comes along to the cover", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO.author);
    await page.goto('/printable/demo-the-patient-draft');
    const status = page.getByTestId('printable-status');
    await expect(status).toHaveText(/^\d+ pages at 6 × 9 in/, { timeout: 45_000 });
    const pages = Number(/^(\d+)/.exec((await status.textContent()) ?? '')![1]);
    await page.getByRole('link', { name: 'Design the paperback cover' }).click();
    await expect(page).toHaveURL(/\/kdp-cover\?/);
    await expect(field(page, 'Page count')).toHaveValue(String(pages));
    await expect(field(page, 'Title')).toHaveValue('The Patient Draft');
    await expect(field(page, 'Trim size')).toHaveValue('6x9');
    // A short demo book: KDP's minimum is 24 pages, and the page says so at the field.
    if (pages < 24) await expect(page.getByText(`KDP prints paperbacks of 24 pages or more (this one has ${pages}).`)).toBeVisible();
    else await expect(page.getByTestId('kdp-spine-width')).toHaveText(`${Math.round(pages * 0.002252 * 10_000) / 10_000} in`);
  });

  test("a manuscript's saved cover follows its print layout's page count", async ({ browser }) => {
    test.setTimeout(150_000);
    const who = people(browser, appOrigin(), {});
    const data = new RouteData((account) => who.page(account), appOrigin());
    const { id } = await data.manuscript();
    const page = await who.page('author');
    await page.setViewportSize(DESKTOP);
    const record = async (pages: number) => {
      const res = await page.request.put(`/api/manuscripts/${id}/print-layout`, { headers: { origin: appOrigin() }, data: { trimId: '6x9', pages } });
      expect(res.status()).toBe(200);
    };

    // The manuscript's print layout, from its publishing page: typeset, and its count sent to the server.
    await page.goto(`/publishing/${id}`);
    await expect(page.getByTestId('publishing-cover').getByRole('link', { name: 'Design paperback cover' })).toHaveAttribute(
      'href',
      `/kdp-cover?manuscript=${id}`,
    );
    await page.getByTestId('publishing-cover').screenshot({ path: test.info().outputPath('publishing-cover-card.png') });
    await page.getByRole('link', { name: 'Print layout' }).click();
    await expect(page).toHaveURL(new RegExp(`/printable/manuscript/${id}$`));
    const status = page.getByTestId('printable-status');
    await expect(status).toHaveText(/^\d+ pages at 6 × 9 in/, { timeout: 45_000 });
    const typeset = Number(/^(\d+)/.exec((await status.textContent()) ?? '')![1]);
    await expect(page.getByTestId('printable-recorded')).toHaveText('Page count saved for the paperback cover.');
    await page.screenshot({ path: test.info().outputPath('printable-manuscript.png') });
    await page.getByRole('link', { name: 'Design paperback cover' }).click();
    await expect(page).toHaveURL(new RegExp(`/kdp-cover\\?manuscript=${id}&trim=6x9$`));
    await expect(field(page, 'Title')).toHaveValue('The Lantern Keeper');
    await expect(field(page, 'Page count')).toHaveValue(String(typeset));
    await expect(page.getByTestId('kdp-layout-source')).toContainText(`${typeset} pages in the print layout at 6 × 9 in`);
    // A one-chapter draft is shorter than KDP's 24-page minimum: said at the field, and nothing to save yet.
    await expect(page.getByText(`KDP prints paperbacks of 24 pages or more (this one has ${typeset}).`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save cover' })).toBeDisabled();

    // The book grows: its print layout now has 212 pages. Reopened, the cover takes that count; saved.
    await record(212);
    await page.reload();
    await expect(field(page, 'Page count')).toHaveValue('212');
    await expect(field(page, 'Page count')).toHaveAttribute('readonly', '');
    await expect(page.getByTestId('kdp-spine-width')).toHaveText(`${Math.round(212 * 0.002252 * 10_000) / 10_000} in`);
    await field(page, 'Title').fill('The Lantern Keeper of Gull Point');
    await expect(page.getByTestId('kdp-save-state')).toHaveText('Not saved yet');
    await page.getByRole('button', { name: 'Save cover' }).click();
    await expect(page.getByTestId('kdp-save-state')).toHaveText(/^Saved /);
    await expect(page.getByTestId('kdp-page-count-change')).toHaveCount(0);
    await expect(page.getByTestId('kdp-preview').locator('text[transform^="rotate(90"]').first()).toHaveText('The Lantern Keeper of Gull Point');

    // Offline, saving says it needs the network and the design stays on the page.
    await page.context().setOffline(true);
    await field(page, 'Author').fill('A. Author');
    await page.getByRole('button', { name: 'Save cover' }).click();
    await expect(page.getByRole('alert')).toContainText("Saving needs a connection and you're offline.");
    await expect(page.getByTestId('kdp-save-state')).toHaveText('Not saved');
    await expect(field(page, 'Author')).toHaveValue('A. Author');
    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Save cover' }).click();
    await expect(page.getByTestId('kdp-save-state')).toHaveText(/^Saved /);

    // The manuscript is cut to 60 pages: reopened, the spine narrows and the cover says why, and that the spine loses its text.
    await record(60);
    await page.goto(`/kdp-cover?manuscript=${id}`);
    await expect(page.getByTestId('kdp-page-count-change')).toHaveText('The print layout now has 60 pages (was 212): the spine is now 0.1351 in wide.');
    await expect(page.getByText('KDP allows spine text only from 79 pages; at 60 pages leave the spine without text.').first()).toBeVisible();
    await expect(page.getByTestId('kdp-spine-width')).toHaveText('0.1351 in');
    await expect(field(page, 'Title')).toHaveValue('The Lantern Keeper of Gull Point');
    await expect(field(page, 'Author')).toHaveValue('A. Author');
    await expect(page.getByTestId('kdp-canvas')).toHaveAttribute('aria-busy', 'false');
    await page.screenshot({ path: test.info().outputPath('kdp-cover-page-count-changed.png'), fullPage: true });

    // A trim never typeset: the page says so and links to the print layout at that trim; the field is the author's again.
    await field(page, 'Trim size').selectOption('5x8');
    await expect(page.getByText('No print layout at 5 × 8 in yet')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open the print layout at 5 × 8 in' })).toHaveAttribute('href', `/printable/manuscript/${id}?trim=5x8`);
    await expect(field(page, 'Page count')).not.toHaveAttribute('readonly', '');
    await expectAccessible(page);
    await who.close();
  });

  test('readers may not design covers; the demo pages are for admins', async ({ page, browser }) => {
    await signIn(page, DEMO.reader);
    await page.goto('/kdp-cover');
    await expect(page.getByRole('heading', { name: "You don't have access" })).toBeVisible();
    await page.goto('/kdp-demo');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

    const { context: admin, page: adminPage } = await signedIn(browser, DEMO.admin);
    await adminPage.goto('/kdp-test');
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Paperback cover test' })).toBeVisible();
    await expect(adminPage.getByRole('row', { name: /KDP example: spine/ })).toContainText('Pass');
    await expect(adminPage.getByRole('row', { name: /KDP example: full cover/ })).toContainText('Pass');
    await expect(adminPage.getByRole('row', { name: /Fail/ })).toHaveCount(0);
    await adminPage.goto('/kdp-demo');
    await expect(adminPage.getByLabel('Title', { exact: true })).toHaveValue('The Salt Orchard');
    await admin.close();
  });
});
