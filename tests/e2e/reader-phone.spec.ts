/**
 * The reader on a phone: a sideways swipe turns the page (the page area keeps horizontal
 * gestures for itself, so the browser never cancels the pointer), in both directions; the
 * toolbar is one row, steps aside once reading starts and comes back with a tap in the middle.
 */
import { expect } from '@playwright/test';
import { epub3 } from '../../server/books/epub/test-epubs';
import { DEMO, importEpub, signIn, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const paragraph = (n: number) => `<p>Paragraph ${n}. The tide came in over the salt flats while the lamps were lit along the harbour wall, one by one.</p>`;

test('a sideways swipe turns the page on a phone', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO.admin);
  const body = Array.from({ length: 40 }, (_, i) => paragraph(i + 1)).join('');
  const bookId = await importEpub(
    page,
    epub3({ identifier: `urn:uuid:5b0c6f9e-0000-4000-8002-${Date.now().toString().slice(-12)}`, title: 'Swipe', chapters: [{ id: 'c1', title: 'One', body }] }),
  );
  await page.goto(`/books/${bookId}`);
  const columns = page.getByTestId('reader-columns');
  await expect.poll(async () => Number(await columns.getAttribute('data-spreads'))).toBeGreaterThan(2);
  const toolbar = page.getByRole('navigation', { name: 'Reader' });
  await expect(toolbar).toBeVisible();
  const row = await toolbar.boundingBox();
  expect(row!.height).toBeLessThan(48);

  // A real touch gesture through the browser's input pipeline, so touch-action applies.
  const cdp = await page.context().newCDPSession(page);
  const swipe = async (fromX: number, toX: number) => {
    const y = 420;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y }] });
    for (let i = 1; i <= 6; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: fromX + ((toX - fromX) * i) / 6, y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  };
  await swipe(300, 80);
  await expect(columns).toHaveAttribute('data-spread', '1');
  await swipe(300, 80);
  await expect(columns).toHaveAttribute('data-spread', '2');
  await swipe(80, 300);
  await expect(columns).toHaveAttribute('data-spread', '1');
  await expect(toolbar).toBeHidden();
  await page.touchscreen.tap(195, 420);
  await expect(toolbar).toBeVisible();
  await expect(columns).toHaveAttribute('data-spread', '1');
});
