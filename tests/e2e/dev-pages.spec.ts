/**
 * The development pages work on their sample data: the page turn lands back where it started,
 * the typography lab measures its lines, the interaction and settings demos do what they show.
 * A reader gets "Page not found" (the e2e server is a production build).
 */
import { expect } from '@playwright/test';
import { DEMO, expectAccessible, signedIn, test } from './fixtures';

test('page turn: turning forward and back lands on the first page again', async ({ browser }) => {
  const { page } = await signedIn(browser, DEMO.admin);
  await page.goto('/dflip-test');
  await expect(page.locator('section.reader-chapter')).toContainText('ninety-one steps');
  const readout = page.getByTestId('dflip-readout');
  await expect(readout).toContainText('Chapter ch1');
  const quote = page.getByTestId('dflip-quote');
  const first = (await quote.textContent())!;
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(quote).not.toHaveText(first);
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(quote).toHaveText(first);
  await page.getByRole('button', { name: 'Run turn check' }).click();
  await expect(page.getByTestId('dflip-check')).toContainText('Passed');
  await expectAccessible(page);
});

test('page turn, working: contents jump to a chapter', async ({ browser }) => {
  const { page } = await signedIn(browser, DEMO.admin);
  await page.goto('/dflip-working');
  await expect(page.locator('section.reader-chapter')).toContainText('ninety-one steps');
  await page.getByRole('button', { name: 'Contents' }).click();
  await page.getByRole('dialog', { name: 'Contents' }).getByRole('treeitem', { name: 'What the Fog Keeps' }).click();
  await expect(page.locator('section.reader-chapter')).toContainText('The fog came in on a Thursday');
  await expect(page.getByTestId('reader-progress')).toContainText('What the Fog Keeps');
});

test('typography lab: a larger size shortens the measured line, and nothing is saved until asked', async ({ browser }) => {
  const { page } = await signedIn(browser, DEMO.admin);
  await page.goto('/preview-lab');
  const phone = page.getByTestId('lab-cpl').first();
  await expect(phone).not.toHaveText('0');
  const before = Number(await phone.textContent());
  await expect(page.getByRole('button', { name: 'Use these settings' })).toBeDisabled();
  const size = page.getByRole('slider', { name: /Size/ });
  await size.focus();
  for (let i = 0; i < 4; i++) await size.press('ArrowRight');
  await expect.poll(async () => Number(await phone.textContent())).toBeLessThan(before);
  await expect(page.getByRole('button', { name: 'Use these settings' })).toBeEnabled();
  await page.getByRole('button', { name: 'Back to mine' }).click();
  await expect(phone).toHaveText(String(before));
  await expectAccessible(page);
});

test('interactions: undo brings an archived book back; Alt+arrow moves a book and says where', async ({ browser }) => {
  const { page } = await signedIn(browser, DEMO.admin);
  await page.goto('/dev/professional-interactions');
  const shelf = page.getByRole('list', { name: 'Sample shelf' });
  await page.getByRole('button', { name: 'Archive Salt and Ledgers' }).click();
  await expect(shelf).not.toContainText('Salt and Ledgers');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(shelf.getByRole('listitem').nth(1)).toContainText('Salt and Ledgers');

  const order = page.getByRole('list', { name: 'Reading order' });
  await order.getByRole('listitem').first().focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect(page.getByTestId('reorder-status')).toHaveText('“The Lamp Room” moved to position 2 of 4.');
  await expect(order.getByRole('listitem').nth(1)).toHaveText('The Lamp Room');
  await expectAccessible(page);
});

test('settings demo: a refused save shows its reason at the field and keeps the change', async ({ browser }) => {
  const { page } = await signedIn(browser, DEMO.admin);
  await page.goto('/settings-demo');
  await page.getByLabel('The server will answer').selectOption('field');
  await page.getByLabel('Display name').fill('Marit');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('That display name is taken. Try another.')).toBeVisible();
  await expect(page.getByLabel('Display name')).toHaveValue('Marit');
  await expect(page.getByTestId('settings-demo-status')).toHaveText('Unsaved changes');
  await page.getByLabel('The server will answer').selectOption('ok');
  await page.getByLabel('Display name').fill('Marit Solberg');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByTestId('settings-demo-status')).toHaveText('All changes saved');
  await expectAccessible(page);
});

test('a reader gets "Page not found" on the development pages', async ({ browser }) => {
  const { page } = await signedIn(browser, DEMO.reader);
  for (const path of ['/dflip-minimal', '/preview-lab', '/dev/delight-showcase']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  }
});
