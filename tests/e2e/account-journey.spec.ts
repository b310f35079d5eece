/**
 * The foundation's main journey: sign up → confirm through the outbox → sign in → apply to be an
 * author → an admin approves → the author's navigation appears, with an in-app notice.
 */
import { expect } from '@playwright/test';
import { adminPage, mailedLink, signIn, uniqueEmail, test } from './fixtures';

test('a reader signs up, becomes an author once an admin approves', async ({ page, browser }) => {
  const email = uniqueEmail('writer');
  const username = `w${Date.now().toString(36)}${test.info().parallelIndex}`;
  const password = 'a long and unusual passphrase 7';

  await page.goto('/auth?mode=signup');
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Display name').fill('Wren Writer');
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  // Confirm the e-mail through the link in the outbox, as a local admin would read it.
  const admin = await adminPage(browser);
  await page.goto(await mailedLink(admin, email, /confirm/i));
  await expect(page.getByText('Your e-mail is confirmed. Sign in to continue.')).toBeVisible();

  await signIn(page, email, password);
  await expect(page.getByRole('button', { name: /Account menu for Wren Writer/ })).toBeVisible();
  await expect(page.getByLabel('Your roles')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Write' })).toHaveCount(0);

  await page.goto('/settings');
  await page.getByLabel('What would you like to write?').fill('A field guide to imaginary birds.');
  await page.getByRole('button', { name: 'Apply to become an author' }).click();
  await expect(page.getByText('Waiting for a decision')).toBeVisible();

  await admin.goto('/admin/author-requests');
  const request = admin.getByRole('article').filter({ hasText: `@${username}` });
  await request.getByRole('button', { name: 'Approve' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Approved Wren Writer.')).toBeVisible();

  // The author's session rotated server-side; a reload shows the new navigation and the notice.
  await page.reload();
  await expect(page.getByRole('banner').getByLabel('Your roles')).toContainText('Author');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Write' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Notifications, 1 unread/ })).toBeVisible();

  // The approval is in the audit log.
  await admin.goto('/admin/audit?action=role_request.approved');
  await expect(admin.getByText(username).first()).toBeVisible();
});
