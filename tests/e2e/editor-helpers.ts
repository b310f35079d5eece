/** Steps the editor journeys share: a signed-in window, a new manuscript, typing, inviting. */
import { expect, type Browser, type Page } from '@playwright/test';
import { signIn } from './fixtures';

/** A separate browser context (another person, or another device) signed in as `email`. */
export async function signedIn(browser: Browser, email: string, viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  await signIn(page, email);
  return { context, page };
}

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
