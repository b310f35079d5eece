/**
 * Theme and reading preferences end to end: /theming changes the sample page at once, a second
 * device of the same account opens a book already in sepia and follows later changes live, the
 * app theme applies on reload before any sync; the font picker works by keyboard and on a phone;
 * and a vertical Japanese book reads right to left.
 * Each test signs up its own account (made a publisher so it can import a book), so its
 * synced preferences never leak into journeys that share the demo accounts.
 */
import { expect, type Browser, type Page } from '@playwright/test';
import { epub3 } from '../../server/books/epub/test-epubs';
import { adminPage, expectAccessible, importEpub, mailedLink, signIn, uniqueEmail, appOrigin, test } from './fixtures';

const PASSWORD = 'a long and unusual passphrase 7';

/** Sign up, confirm through the outbox, become a publisher (an admin grants it), sign in. */
async function freshPublisher(page: Page, browser: Browser): Promise<string> {
  const email = uniqueEmail('theming');
  await page.goto('/auth?mode=signup');
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Username').fill(`t${Date.now().toString(36)}${test.info().parallelIndex}${test.info().workerIndex}`);
  await form.getByLabel('Display name').fill('Tess Theme');
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  const admin = await adminPage(browser);
  await page.goto(await mailedLink(admin, email, /confirm/i));
  // The link is confirmed by the page's own request: leaving before it answers would leave the
  // account unconfirmed (and the sign-in below refused).
  await expect(page.getByText('Your e-mail is confirmed. Sign in to continue.')).toBeVisible();
  // Granting a role ends the account's sessions, so it happens before signing in.
  const found = (await (await admin.request.get(`/api/admin/users?q=${encodeURIComponent(email)}`)).json()) as { items: { id: string; email: string }[] };
  const id = found.items.find((u) => u.email === email)!.id;
  const origin = appOrigin();
  const granted = await admin.request.put(`/api/admin/users/${id}/roles`, { headers: { origin }, data: { roles: ['publisher'] } });
  expect(granted.status()).toBe(200);
  await admin.context().close();
  await signIn(page, email, PASSWORD);
  return email;
}

const previewSize = (page: Page) =>
  page
    .getByTestId('theming-preview')
    .locator('.quire-book')
    .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));

test('preferences: live preview, synced to a second device, app theme before sync', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = await freshPublisher(page, browser);
  const bookId = await importEpub(page, epub3());

  // The settings nav links here; the preview follows every control at once.
  await page.goto('/settings');
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Theme & reading' }).click();
  await expect(page).toHaveURL(/\/theming$/);
  await expect(page.getByText('Saved to your account')).toBeVisible();
  const preview = page.getByTestId('theming-preview');
  await expect(preview).toHaveAttribute('data-reader-theme', 'paper');
  const before = await previewSize(page);
  await page.getByRole('radio', { name: 'Sepia' }).check();
  await page.getByRole('slider', { name: /Size/ }).fill('150');
  await expect(preview).toHaveAttribute('data-reader-theme', 'sepia');
  await expect(preview).toHaveCSS('background-color', 'rgb(244, 236, 216)');
  await expect.poll(() => previewSize(page)).toBeGreaterThan(before * 1.4);
  await expectAccessible(page);

  // A second device of the same account opens the book in sepia without touching anything.
  const other = await browser.newContext();
  const second = await other.newPage();
  await signIn(second, email, PASSWORD);
  await second.goto(`/books/${bookId}`);
  const reader = second.locator('.reader');
  await expect(reader).toHaveClass(/reader-theme-sepia/, { timeout: 15_000 });
  await expect(reader).toHaveAttribute('style', /--reader-size: 1\.72\d*rem/);
  // …and follows a change made on the first device live, through the sync stream.
  await page.getByRole('radio', { name: 'Night' }).check();
  await expect(reader).toHaveClass(/reader-theme-night/, { timeout: 15_000 });
  await second.getByRole('button', { name: 'Reader settings' }).click();
  await expect(second.getByRole('link', { name: 'App theme and more options' })).toBeVisible();
  await expectAccessible(second);

  // A change made offline reaches the other device once back online.
  await page.context().setOffline(true);
  await page.getByRole('slider', { name: /Line height/ }).fill('2');
  await expect(page.getByText('Line height 2.00')).toBeVisible();
  await page.context().setOffline(false);
  await expect(reader).toHaveAttribute('style', /--reader-line-height: 2[;"]/, { timeout: 20_000 });

  // Dark app theme: applies on reload from the device cache, with sync cut off entirely.
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectAccessible(page);
  await page.context().route('**/api/sync/**', (route) => route.abort());
  await page.reload({ waitUntil: 'domcontentloaded' });
  expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  // The other device got it too, without a reload.
  await expect(second.locator('html')).toHaveAttribute('data-theme', 'dark', { timeout: 15_000 });
  await other.close();
});

/** A small Japanese book set vertically (tategaki), turning pages right to left. */
function verticalEpub(): Uint8Array {
  const paragraph = (n: number) =>
    `<p>その${n}。吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。</p>`;
  // Numbered: a position quote must find one place, not the first of forty identical paragraphs.
  const paragraphs = (count: number) => Array.from({ length: count }, (_, i) => paragraph(i + 1)).join('');
  return epub3({
    identifier: `urn:uuid:5b0c6f9e-0000-4000-8000-${Date.now().toString().padStart(12, '0').slice(-12)}`,
    title: '縦書きの本',
    language: 'ja',
    rtl: true,
    css: 'html { writing-mode: vertical-rl; } p { text-indent: 1em; }',
    chapters: [
      { id: 'ch1', title: '第一章', body: `<h1>第一章</h1>${paragraphs(40)}` },
      { id: 'ch2', title: '第二章', body: `<h1>第二章</h1>${paragraphs(10)}` },
    ],
  });
}

test('a vertical Japanese book lays out vertical-rl and turns forward with ←', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 900, height: 700 });
  await freshPublisher(page, browser);
  const bookId = await importEpub(page, verticalEpub());

  await page.goto(`/books/${bookId}`);
  const columns = page.getByTestId('reader-columns');
  await expect(columns).toHaveAttribute('data-spread', '0');
  const chapter = page.locator('section.reader-chapter').first();
  await expect(chapter).toHaveCSS('writing-mode', 'vertical-rl');
  // Lines run top to bottom: dir=rtl (the page progression) must not flip them.
  await expect(chapter).toHaveCSS('direction', 'ltr');
  expect(Number(await columns.getAttribute('data-spreads'))).toBeGreaterThan(2);
  await expect(page.getByTestId('reader-progress')).toContainText('0%');
  await expectAccessible(page);

  await page.keyboard.press('ArrowLeft');
  await expect(columns).toHaveAttribute('data-spread', '1');
  await page.keyboard.press('ArrowLeft');
  await expect(columns).toHaveAttribute('data-spread', '2');
  await page.keyboard.press('ArrowRight');
  await expect(columns).toHaveAttribute('data-spread', '1');
  await expect(page.getByTestId('reader-progress')).not.toContainText(' 0%');
  // The first text on the page is visible, top right (vertical-rl starts there).
  const firstLineVisible = await page.evaluate(() => {
    const clip = document.querySelector('.reader-clip')!.getBoundingClientRect();
    const range = document.caretRangeFromPoint(clip.right - 8, clip.top + 8);
    return Boolean(range && document.querySelector('section.reader-chapter')!.contains(range.startContainer));
  });
  expect(firstLineVisible).toBe(true);

  // The page-turn slide: chosen in the reader's settings, it plays on top of an instant turn, and
  // never under reduced motion.
  await page.getByRole('button', { name: 'Reader settings' }).click();
  await page.getByRole('checkbox', { name: 'Slide on page turns' }).check();
  await page.getByRole('button', { name: 'Close reader settings' }).click();
  const turn = () =>
    page.evaluate(() => {
      const cols = document.querySelector<HTMLElement>('[data-testid="reader-columns"]')!;
      const before = cols.dataset.spread;
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
      return { moved: cols.dataset.spread !== before, slides: document.querySelector('.reader-clip')!.getAnimations().length };
    });
  // The spread changed inside the key's own event handler: the turn never waits for the slide.
  expect(await turn()).toMatchObject({ moved: true, slides: 1 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect.poll(() => page.evaluate(() => document.querySelector('.reader-clip')!.getAnimations().length)).toBe(0); // the previous slide has finished
  expect(await turn()).toMatchObject({ moved: true, slides: 0 });
  await page.emulateMedia({ reducedMotion: null });
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(columns).toHaveAttribute('data-spread', '1');

  // Flow and back keeps the place (text-quote anchors work in vertical text).
  await page.keyboard.press('ArrowLeft');
  await expect(columns).toHaveAttribute('data-spread', '2');
  await page.waitForTimeout(800); // the position is written a moment after the last turn
  await page.getByRole('button', { name: 'Scroll' }).click();
  const scroller = page.locator('.reader-scroll');
  await expect(scroller).toHaveCSS('writing-mode', 'vertical-rl');
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeLessThan(0);
  await page.getByRole('button', { name: 'Pages' }).click();
  await expect(columns).toHaveAttribute('data-spread', '2');
});

test('signed out, the choices stay in this browser and apply before the app loads', async ({ page }) => {
  await page.goto('/theming');
  await expect(page.getByText('Saved in this browser.')).toBeVisible();
  await page.getByRole('radio', { name: 'Dark' }).check();
  await page.getByRole('radio', { name: 'Night' }).check();
  await expect(page.getByTestId('theming-preview')).toHaveAttribute('data-reader-theme', 'night');
  await expectAccessible(page);
  await page.reload({ waitUntil: 'domcontentloaded' });
  expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
  await expect(page.getByTestId('theming-preview')).toHaveAttribute('data-reader-theme', 'night');
});

test('the font picker: a named radio group, each font shown in itself, chosen by keyboard', async ({ page }) => {
  await page.goto('/theming');
  const fonts = page.getByRole('group', { name: 'Font' });
  await expect(fonts.getByRole('radio')).toHaveCount(4);
  await expect(fonts.locator('label', { hasText: 'Mono' })).toHaveCSS('font-family', /monospace/);
  await expect(fonts.locator('label', { hasText: 'Serif' })).toHaveCSS('font-family', /Georgia/);
  const serif = fonts.getByRole('radio', { name: 'Serif' });
  await expect(serif).toBeChecked();
  // One tab stop; the arrow keys move the choice, and the sample page follows.
  await serif.focus();
  await page.keyboard.press('ArrowRight');
  const sans = fonts.getByRole('radio', { name: 'Sans' });
  await expect(sans).toBeChecked();
  await expect(sans).toBeFocused();
  await expect(page.getByTestId('theming-preview')).toHaveAttribute('style', /--reader-font: system-ui/);
  await expectAccessible(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the font picker fits and a tap on a card chooses it', async ({ page }) => {
    await page.goto('/theming');
    const fonts = page.getByRole('group', { name: 'Font' });
    // The invisible radio covers its card: a tap anywhere on the card lands on it.
    await fonts.locator('label', { hasText: 'Mono' }).tap();
    await expect(fonts.getByRole('radio', { name: 'Mono' })).toBeChecked();
    await expect(page.getByTestId('theming-preview')).toHaveAttribute('style', /--reader-font: ui-monospace/);
    const box = (await fonts.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // Every card is a comfortable touch target.
    for (const card of await fonts.locator('label').all()) expect((await card.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test('right-to-left books still read right to left', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 820, height: 700 });
  await freshPublisher(page, browser);
  const paragraph = (n: number) => `<p>פסקה ${n}. בראשית ברא אלוהים את השמים ואת הארץ, והארץ הייתה תוהו ובוהו וחושך על פני תהום.</p>`;
  const body = Array.from({ length: 60 }, (_, i) => paragraph(i + 1)).join('');
  const bookId = await importEpub(
    page,
    epub3({
      identifier: `urn:uuid:5b0c6f9e-0000-4000-8001-${Date.now().toString().slice(-12)}`,
      title: 'ספר',
      language: 'he',
      rtl: true,
      chapters: [{ id: 'ch1', title: 'פרק', body: `<h1>פרק</h1>${body}` }],
    }),
  );
  await page.goto(`/books/${bookId}`);
  const columns = page.getByTestId('reader-columns');
  await expect(columns).toHaveAttribute('data-spread', '0');
  const chapter = page.locator('section.reader-chapter').first();
  await expect(chapter).toHaveCSS('direction', 'rtl');
  await expect(chapter).toHaveCSS('writing-mode', 'horizontal-tb');
  // Text on the page (paragraphs inside the clipping box): the columns run leftwards too.
  const paragraphsShown = () =>
    page.evaluate(() => {
      const clip = document.querySelector('.reader-clip')!.getBoundingClientRect();
      return [...document.querySelectorAll('section.reader-chapter p')]
        .map((p) => p.getBoundingClientRect())
        .filter((r) => r.right > clip.left && r.left < clip.right)
        .map((r) => Math.round(r.top));
    });
  await page.keyboard.press('ArrowLeft');
  await expect(columns).toHaveAttribute('data-spread', '1');
  await expect(columns).toHaveAttribute('style', /translateX\(\d/);
  expect((await paragraphsShown()).length).toBeGreaterThan(2);
  // A re-layout (a narrower window) keeps the place: it is read off the right-to-left page right.
  const placed = (await columns.getAttribute('style'))!;
  await page.setViewportSize({ width: 800, height: 700 });
  await expect(columns).not.toHaveAttribute('style', placed); // re-measured for the new width
  await expect(columns).toHaveAttribute('data-spread', '1');
  expect((await paragraphsShown()).length).toBeGreaterThan(2);
  await page.keyboard.press('ArrowRight');
  await expect(columns).toHaveAttribute('data-spread', '0');
});
