/** /admin/users: an admin starts the account-deletion flow for someone, with a reason, from the row's actions. */
import { expect } from '@playwright/test';
import { DEMO, expectAccessible, signIn, uniqueEmail, appOrigin, test } from './fixtures';

test('an admin deletes an account on its owner’s behalf', async ({ page }) => {
  const email = uniqueEmail('leaving');
  const username = `leaving${Date.now().toString(36)}`;
  await signIn(page, DEMO.admin);
  const origin = appOrigin();
  const signedUp = await page.request.post('/api/auth/sign-up', {
    headers: { origin },
    data: { email, username, displayName: 'Lee Leaving', password: 'a long and unusual passphrase 7' },
  });
  expect(signedUp.status()).toBe(202);

  await page.goto(`/admin/users?q=${username}`);
  const row = page.getByRole('row').filter({ hasText: `@${username}` });
  await row.getByRole('button', { name: 'Delete the account of Lee Leaving' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete the account of Lee Leaving?' });
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(dialog.getByText('Give a reason; it goes into the audit log.')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('Reason').fill('Asked us by e-mail');
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('deleting');
  await expect(row.getByRole('button', { name: /^Delete/ })).toHaveCount(0);

  // The audit log names the person it acted on.
  await page.goto('/admin/audit?action=user.deletion_scheduled');
  await expect(page.getByRole('link', { name: `Lee Leaving (@${username})` })).toBeVisible();
});
