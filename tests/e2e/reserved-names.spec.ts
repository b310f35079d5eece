/**
 * The team's names are kept (sync/text/reserved-names.ts): signing up as "Quire support" is refused
 * with the reason next to the field, and a lookalike spelling does not slip through.
 */
import { expect } from '@playwright/test';
import { expectAccessible, uniqueEmail, test } from './fixtures';
import { PHONE, sidewaysOverflow } from './every-route';

test('signing up with the support team’s name is refused next to the field, lookalikes too', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await page.goto('/auth?mode=signup');
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('Email').fill(uniqueEmail('impostor'));
  await form.getByLabel('Username').fill(`reader${Date.now().toString(36)}`);
  await form.getByLabel('Display name').fill('Quіre Support'); // a Cyrillic "і"
  await form.getByLabel('Password', { exact: true }).fill('a long and unusual passphrase 7');
  await form.getByRole('button', { name: 'Create account' }).click();
  const name = form.getByLabel('Display name');
  await expect(name).toHaveAccessibleDescription(/kept for the Quire team/);
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  expect(await sidewaysOverflow(page)).toEqual([]);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('reserved-name-phone.png'), fullPage: true });

  await name.fill('Wren Reader');
  await form.getByLabel('Username').fill('quire_team');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByLabel('Username')).toHaveAccessibleDescription(/kept for the Quire team/);
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toHaveCount(0);
  await context.close();
});
