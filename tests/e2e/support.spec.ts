/**
 * Talking to people: a reader writes to "Quire support" from /messages while staff have the
 * support inbox (/admin/messages) open, and it appears there without a reload or polling (a topic
 * hint on staff's sync stream); staff answer as the team, and the reader's open thread shows the
 * answer without a reload (the sync stream); an admin sends a notice to authors from
 * /admin/notifications after its recipient preview, and an author's bell shows it live.
 */
import { expect, type Page } from '@playwright/test';
import { adminPage, DEMO, expectAccessible, freshAccount, signedIn, test } from './fixtures';

function bubble(page: Page, text: string) {
  return page
    .getByRole('list', { name: /^Messages with/ })
    .getByRole('listitem')
    .filter({ hasText: text });
}

test('a reader messages support, staff see it and reply live, and the reader sees the answer live', async ({ browser }) => {
  const admin = await adminPage(browser);
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  const name = `Sunny Asker ${Date.now().toString(36)}`;
  await freshAccount(reader, admin, name);

  // Staff keep the inbox open; its device is connected to the sync stream before anyone writes.
  await admin.goto('/admin/messages');
  await expect(admin.getByRole('heading', { level: 1, name: 'Support inbox' })).toBeVisible();
  await expect(admin.getByRole('status').filter({ hasText: 'Synced' })).toBeVisible();

  await reader.goto('/messages');
  await reader.getByRole('button', { name: 'Contact support' }).click();
  await expect(reader.getByRole('heading', { level: 2, name: 'Quire support' })).toBeVisible();
  // The device's database is open and caught up before writing (a brand-new account creates it now).
  await expect(reader.getByRole('status').filter({ hasText: 'Synced' })).toBeVisible();
  const question = `My downloaded book will not open ${Date.now()}`;
  await reader.getByRole('textbox', { name: 'Message' }).fill(question);
  await reader.getByRole('button', { name: 'Send' }).click();
  await expect(bubble(reader, question)).toContainText('Sent');
  await expectAccessible(reader);

  // No reload and no polling: the server tells staff's stream, and the open inbox asks again.
  const conversation = admin.getByRole('link', { name: new RegExp(name) });
  await expect(conversation).toContainText(question);
  await expect(conversation).toContainText('Open');
  await conversation.click();
  await expect(admin.getByRole('heading', { level: 2, name })).toBeVisible();
  const thread = admin.getByRole('list', { name: `Messages with ${name}` });
  await expect(thread).toContainText(question);
  await expectAccessible(admin);

  const answer = `Try removing it from the device and downloading it again ${Date.now()}`;
  await admin.getByRole('textbox', { name: 'Reply as Quire support' }).fill(answer);
  await admin.getByRole('button', { name: 'Send', exact: true }).click();
  // The inbox shows who of the staff wrote it; the conversation now waits for the reader.
  await expect(thread.getByRole('listitem').filter({ hasText: answer })).toContainText('Quire support · Alex Admin');
  const status = admin.getByRole('article').getByRole('combobox', { name: 'Status' });
  await expect(status).toHaveValue('waiting');

  // No reload on the reader's side: the stream wakes their device, which pulls the answer — from the team.
  const reply = bubble(reader, answer);
  await expect(reply).toBeVisible();
  await expect(reply).toContainText('Quire support:');
  await expect(reply).not.toContainText('Alex Admin');

  // The reader writes again: the conversation open in the inbox shows it, and is open again.
  const again = `It opens now, thank you ${Date.now()}`;
  await reader.getByRole('textbox', { name: 'Message' }).fill(again);
  await reader.getByRole('button', { name: 'Send' }).click();
  await expect(bubble(reader, again)).toContainText('Sent');
  await expect(thread).toContainText(again);
  await expect(status).toHaveValue('open');

  await readerContext.close();
  await admin.context().close();
});

test('an admin sends a notice to authors, and an author sees it', async ({ browser }) => {
  const author = await signedIn(browser, DEMO.author);
  await author.page.goto('/');
  await expect(author.page.getByRole('button', { name: /^Notifications/ })).toBeVisible();

  const admin = await adminPage(browser);
  await admin.goto('/admin/notifications');
  await admin.getByRole('combobox', { name: 'Send to' }).selectOption({ label: 'Authors' });
  const preview = admin.getByTestId('notices-preview');
  await expect(preview).toHaveAttribute('aria-busy', 'false');
  await expect(preview).toContainText('In the segment');
  await expect(preview).toContainText('Left out by their settings');
  const title = `The summer writing prize is open ${Date.now().toString(36)}`;
  await admin.getByRole('textbox', { name: 'Title' }).fill(title);
  await admin.getByRole('textbox', { name: 'Message' }).fill('Send your manuscript before the end of June.');
  await admin.getByRole('textbox', { name: 'Link (optional)' }).fill('/blog');
  await expectAccessible(admin);
  await admin.getByRole('button', { name: 'Review and send' }).click();
  await admin.getByRole('dialog', { name: 'Send this notice?' }).getByRole('button', { name: 'Send notice' }).click();

  const row = admin
    .getByRole('table', { name: /Sent notices/ })
    .getByRole('row')
    .filter({ hasText: title });
  await expect(row).toContainText('Authors');
  await expect(row).toContainText('Sent', { timeout: 15_000 });
  await expect(row).toContainText(/In the app: [1-9]/);

  // The author's page was open all along: the notification arrives through the sync stream.
  await author.page.getByRole('button', { name: /Notifications, \d+ unread/ }).click();
  await expect(author.page.getByRole('region', { name: 'Notifications' })).toContainText(title);

  await author.context.close();
  await admin.context().close();
});
