/** Steps the editor journeys share: a signed-in window, a new manuscript, typing, inviting. */
import { expect, type Page, type WebSocketRoute } from '@playwright/test';

export const chapterText = (page: Page) => page.getByTestId('chapter-text');

/** Creates a manuscript from /editor and waits until its first chapter is synced and editable. */
export async function createManuscript(page: Page, title: string) {
  await page.goto('/editor');
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Create manuscript' }).click();
  await expect(page).toHaveURL(/\/editor\/[\w-]+\/[\w-]+$/);
  await expect(page.getByTestId('chapter-sync')).toHaveText('Synced');
  await expect(chapterText(page)).toBeEditable();
}

export async function typeAtEnd(page: Page, text: string) {
  await chapterText(page).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text);
}

/** Adds a co-author by username through the Co-authors dialog. */
export async function invite(page: Page, username: string, role: 'editor' | 'commenter' | 'viewer') {
  await page.getByRole('button', { name: /Co-authors/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Co-authors' });
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Role', { exact: true }).selectOption(role);
  await dialog.getByRole('button', { name: 'Invite' }).click();
  await expect(dialog.getByText(`@${username}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
}

/**
 * Route the page's collaboration sockets through the test so going offline can cut them for
 * real: Chromium's offline mode alone leaves an open WebSocket untouched. The route outlives
 * reloads, so a page reloaded while offline cannot open a socket either.
 */
export async function cuttableCollab(page: Page) {
  const open = new Set<WebSocketRoute>();
  let offline = false;
  await page.routeWebSocket('**/collab/**', (ws) => {
    if (offline) return void ws.close({ code: 1000, reason: 'offline' });
    ws.connectToServer();
    open.add(ws);
  });
  return {
    async goOffline() {
      offline = true;
      await page.context().setOffline(true);
      for (const ws of open) await ws.close({ code: 1000, reason: 'network lost' });
      open.clear();
    },
    async goOnline() {
      offline = false;
      await page.context().setOffline(false);
    },
  };
}

/** Opens a manuscript shared with this person from /editor and waits until its chapter is synced. */
export async function openShared(page: Page, title: string) {
  await page.goto('/editor');
  await page.getByRole('link', { name: new RegExp(title) }).click({ timeout: 15_000 });
  await expect(chapterText(page)).toBeVisible();
  await expect(page.getByTestId('chapter-sync')).toHaveText('Synced');
}

/** Waits until the service worker has precached the shell, so the page can reload offline. */
export async function shellCached(page: Page) {
  await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
}
