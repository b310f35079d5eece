/**
 * Chapter history journey: write, save a named version, write more, read the version in the
 * History dialog, restore it, and see a second browser context on the same chapter converge on
 * the restored text (a restore is a new change on the live document, never a rewind).
 */
import { expect } from '@playwright/test';
import { DEMO, expectAccessible, signedIn, appOrigin, test } from './fixtures';
import { chapterText, typeAtEnd } from './editor-helpers';

test('history: save a named version, read it, restore it, and a second window converges', async ({ browser }) => {
  const first = await signedIn(browser, DEMO.author);
  const page = first.page;
  await page.goto('/editor');
  await page.getByLabel('Title').fill(`History ${Date.now()}`);
  await page.getByRole('button', { name: 'Create manuscript' }).click();
  await expect(page).toHaveURL(/\/editor\/[\w-]+\/[\w-]+$/);
  await expect(page.getByTestId('chapter-sync')).toHaveText('Synced');
  const chapterUrl = new URL(page.url()).pathname;

  await typeAtEnd(page, 'The first draft of the opening.');
  await expect(page.getByTestId('chapter-words')).toHaveText('6 words', { timeout: 5_000 });

  // Name a version; a blank name is refused next to the field.
  await page.getByRole('button', { name: 'History' }).click();
  const dialog = page.getByRole('dialog', { name: /History of/ });
  await dialog.getByRole('button', { name: 'Save version' }).click();
  await expect(dialog.getByText('Give the version a name.')).toBeVisible();
  await dialog.getByLabel('Version name').fill('First draft');
  await dialog.getByRole('button', { name: 'Save version' }).click();
  const list = dialog.getByRole('list', { name: 'Versions, newest first' });
  await expect(list.getByRole('button', { name: /First draft/ })).toContainText('6 words');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Write on, and open the same chapter in a second window.
  await expect(dialog).toBeHidden();
  await typeAtEnd(page, '\nA rewrite that went nowhere.');
  const second = await signedIn(browser, DEMO.author);
  await second.page.goto(chapterUrl);
  await expect(chapterText(second.page)).toContainText('went nowhere', { timeout: 15_000 });

  // Read the named version: its text, and what restoring it would change.
  await page.getByRole('button', { name: 'History' }).click();
  await list.getByRole('button', { name: /First draft/ }).click();
  const version = dialog.getByTestId('version-text');
  await expect(version).toContainText('The first draft of the opening.');
  await expect(version).not.toContainText('nowhere');
  await expect(dialog.getByText(/remove 5 words/)).toBeVisible();
  // Rename it (a named version only).
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await dialog.getByLabel('New name').fill('First draft, kept');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await expect(list.getByRole('button', { name: /First draft, kept/ })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'First draft, kept' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('history-dialog.png') });

  // Restore, confirmed; both windows show the old text.
  await dialog.getByRole('button', { name: 'Restore this version' }).click();
  await dialog.getByRole('group', { name: 'Confirm restore' }).getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(chapterText(page)).toHaveText('The first draft of the opening.');
  await expect(chapterText(second.page)).toHaveText('The first draft of the opening.');

  // The replaced text is kept as an automatic snapshot.
  await second.page.getByRole('button', { name: 'History' }).click();
  await expect(second.page.getByRole('dialog', { name: /History of/ }).getByRole('button', { name: /Before a restore/ })).toBeVisible();

  // Offline, history says it needs a connection and offers no writes.
  await first.context.setOffline(true);
  await page.getByRole('button', { name: 'History' }).click();
  await expect(dialog.getByText(/History needs a connection/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save version' })).toBeDisabled();
  await first.context.setOffline(false);

  await first.context.close();
  await second.context.close();
});

test('history: a viewer reads the versions but cannot name or restore', async ({ browser }) => {
  const owner = await signedIn(browser, DEMO.author);
  const viewer = await signedIn(browser, DEMO.publisher);
  const page = owner.page;
  const title = `Viewed ${Date.now()}`;
  await page.goto('/editor');
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Create manuscript' }).click();
  await expect(page).toHaveURL(/\/editor\/[\w-]+\/[\w-]+$/);
  await expect(page.getByTestId('chapter-sync')).toHaveText('Synced');
  const chapterUrl = new URL(page.url()).pathname;
  const chapterId = chapterUrl.split('/').at(-1)!;
  await typeAtEnd(page, 'Words a viewer may read.');
  await expect(page.getByTestId('chapter-words')).toHaveText('5 words', { timeout: 5_000 });
  const saved = await page.request.post(`/api/chapters/${chapterId}/versions`, {
    data: { name: 'For the viewer' },
    headers: { origin: appOrigin() },
  });
  expect(saved.status()).toBe(201);

  await page.getByRole('button', { name: /Co-authors/ }).click();
  const people = page.getByRole('dialog', { name: 'Co-authors' });
  await people.getByLabel('Username').fill('publisher');
  await people.getByLabel('Role', { exact: true }).selectOption('viewer');
  await people.getByRole('button', { name: 'Invite' }).click();
  await expect(people.getByText('@publisher')).toBeVisible();

  await viewer.page.goto(chapterUrl);
  await expect(chapterText(viewer.page)).toHaveText('Words a viewer may read.', { timeout: 15_000 });
  await viewer.page.getByRole('button', { name: 'History' }).click();
  const dialog = viewer.page.getByRole('dialog', { name: /History of/ });
  await dialog.getByRole('button', { name: /For the viewer/ }).click();
  await expect(dialog.getByTestId('version-text')).toHaveText('Words a viewer may read.');
  await expect(dialog.getByLabel('Version name')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Restore this version' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Delete version' })).toHaveCount(0);

  await owner.context.close();
  await viewer.context.close();
});
