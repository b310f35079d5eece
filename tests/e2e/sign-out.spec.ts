/**
 * Signing out asks whether to keep the account's data on this device: kept, the local database
 * stays for the next sign-in; removed (a shared computer), every one of the account's IndexedDB
 * databases is emptied.
 */
import { expect, type Page } from '@playwright/test';
import { DEMO, expectAccessible, signIn, test } from './fixtures';

/**
 * Rows in this browser's local databases of Quire accounts, by database (RxDB's Dexie storage:
 * `rxdb-dexie-quire-<user>--…`). RxDB's removal empties a database rather than deleting it.
 */
const storedRows = (page: Page) =>
  page.evaluate(async () => {
    const rows: Record<string, number> = {};
    for (const { name } of await indexedDB.databases()) {
      if (!name?.startsWith('rxdb-dexie-quire-')) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const stores = [...db.objectStoreNames];
      const counts = await Promise.all(
        stores.map(
          (store) =>
            new Promise<number>((resolve, reject) => {
              const request = db.transaction(store).objectStore(store).count();
              request.onsuccess = () => resolve(request.result);
              request.onerror = () => reject(request.error);
            }),
        ),
      );
      db.close();
      const total = counts.reduce((a, b) => a + b, 0);
      if (total > 0) rows[name] = total;
    }
    return rows;
  });

async function signOut(page: Page, removeData: boolean) {
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out' });
  if (removeData) await dialog.getByLabel('Also remove my lists, wishlist and messages from this device').check();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
}

test('signing out keeps the local database, or empties every one of its stores when asked', async ({ page }) => {
  await signIn(page, DEMO.reader);
  await page.goto('/my-wishlist');
  await expect.poll(async () => Object.keys(await storedRows(page)).length).toBeGreaterThan(2);
  const opened = Object.keys(await storedRows(page));

  await signOut(page, false);
  expect(Object.keys(await storedRows(page))).toEqual(expect.arrayContaining(opened));

  await signIn(page, DEMO.reader);
  await page.goto('/my-wishlist');
  await expect(page.getByRole('heading', { level: 1, name: 'Wishlist' })).toBeVisible();
  await signOut(page, true);
  await expect.poll(() => storedRows(page)).toEqual({});
});
