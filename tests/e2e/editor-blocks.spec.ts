/**
 * Writing blocks: a scene break from the toolbar and from `***` + Enter, a Word-style HTML paste
 * that arrives clean, chapters reordered by dragging (and the order kept after a reload), and
 * inviting co-authors by e-mail (pending alike for any address until the invitee accepts, and
 * revocable), and a removed co-author's open chapter told at once that it stopped syncing.
 */
import { expect, type Page } from '@playwright/test';
import { DEMO, expectAccessible, signIn, uniqueEmail, signedIn, test } from './fixtures';
import { chapterText, createManuscript, typeAtEnd } from './editor-helpers';

const WORD_HTML = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal{font-family:"Calibri"}</style></head><body>
<!--StartFragment--><h2 style="mso-list:none"><span style="font-family:Garamond;color:#1F3864">Pasted heading<o:p></o:p></span></h2>
<p class=MsoNormal><span style="font-family:Garamond;color:red">Some <b>bold</b> and <i>italic</i> words.<o:p></o:p></span></p>
<p class=MsoNormal><o:p>&nbsp;</o:p></p>
<p class=MsoListParagraphCxSpFirst style="text-indent:-18.0pt;mso-list:l0 level1 lfo1"><![if !supportLists]><span style="font-family:Symbol"><span style="mso-list:Ignore">·<span style="font:7.0pt 'Times New Roman'">&nbsp;&nbsp;</span></span></span><![endif]>Apples<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style="text-indent:-18.0pt;mso-list:l0 level1 lfo1"><![if !supportLists]><span style="font-family:Symbol"><span style="mso-list:Ignore">·<span style="font:7.0pt 'Times New Roman'">&nbsp;&nbsp;</span></span></span><![endif]>Pears<o:p></o:p></p>
<!--EndFragment--></body></html>`;

function chapterLinks(page: Page) {
  return page.getByRole('navigation', { name: 'Chapters' }).getByRole('link');
}

test.describe('editor blocks', () => {
  test('scene breaks and a clean paste from Word survive a reload', async ({ page }, testInfo) => {
    await signIn(page, DEMO.author);
    await createManuscript(page, `Blocks ${Date.now()}`);

    await typeAtEnd(page, 'The first scene ends.');
    await page.getByRole('button', { name: 'Scene break' }).click();
    await page.keyboard.type('The second scene begins.');
    const breaks = chapterText(page).getByRole('separator', { name: 'Scene break' });
    await expect(breaks).toHaveCount(1);
    await expect(breaks.first()).toHaveText('* * *');
    // The writer's own shortcut: *** alone on a line, then Enter.
    await page.keyboard.press('Enter');
    await page.keyboard.type('***');
    await page.keyboard.press('Enter');
    await page.keyboard.type('A third scene.');
    await expect(breaks).toHaveCount(2);

    // Paste Word's HTML (with a plain-text alternative, as a real clipboard has).
    await page.keyboard.press('Enter');
    await chapterText(page).evaluate((el, html) => {
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', 'Pasted heading\nSome bold and italic words.\nApples\nPears');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, WORD_HTML);
    await expect(chapterText(page).locator('h2')).toHaveText('Pasted heading');
    await expect(chapterText(page).locator('strong, b, .ed-bold').filter({ hasText: 'bold' })).toHaveCount(1);
    await expect(chapterText(page).locator('em, i, .ed-italic').filter({ hasText: 'italic' })).toHaveCount(1);
    await expect(chapterText(page).locator('ul > li')).toHaveText(['Apples', 'Pears']);
    // Nothing of Word's styling or markup came along.
    const html = await chapterText(page).innerHTML();
    for (const junk of ['font-family', 'color:', 'Mso', 'o:p', 'Garamond', '·']) expect(html).not.toContain(junk);
    await expect(chapterText(page).locator('p').filter({ hasText: 'Some bold and italic words.' })).toHaveCount(1);
    await page.screenshot({ path: testInfo.outputPath('editor-blocks.png'), fullPage: true });

    await expect(page.getByTestId('chapter-sync')).toHaveText('Synced');
    await page.reload();
    await expect(chapterText(page).getByRole('separator', { name: 'Scene break' })).toHaveCount(2);
    await expect(chapterText(page).locator('h2')).toHaveText('Pasted heading');
    await expect(chapterText(page).locator('ul > li')).toHaveCount(2);
    await expectAccessible(page);

    // A click selects a break; Backspace removes it.
    const afterReload = chapterText(page).getByRole('separator', { name: 'Scene break' });
    await afterReload.first().click();
    await expect(afterReload.first()).toHaveClass(/is-selected/);
    await page.keyboard.press('Backspace');
    await expect(afterReload).toHaveCount(1);
  });

  test('drag a chapter to a new place; the move is announced and kept after a reload', async ({ page }) => {
    await signIn(page, DEMO.author);
    await createManuscript(page, `Order ${Date.now()}`);
    await page.getByRole('button', { name: 'Add chapter' }).click();
    await page.getByRole('button', { name: 'Add chapter' }).click();
    await expect(chapterLinks(page)).toHaveCount(3);

    await page.getByRole('button', { name: /^Reorder Chapter 3/ }).dragTo(page.getByRole('link', { name: /^Chapter 1/ }));
    await expect(chapterLinks(page)).toHaveText([/^Chapter 3/, /^Chapter 1/, /^Chapter 2/]);
    await expect(page.getByText('Chapter 3 moved to position 1 of 3.')).toBeAttached();

    // Keyboard on the handle moves it back down one place.
    await page.getByRole('button', { name: /^Reorder Chapter 3/ }).press('ArrowDown');
    await expect(chapterLinks(page)).toHaveText([/^Chapter 1/, /^Chapter 3/, /^Chapter 2/]);
    await expect(page.getByText('Chapter 3 moved to position 2 of 3.')).toBeAttached();

    await page.reload();
    await expect(chapterLinks(page)).toHaveText([/^Chapter 1/, /^Chapter 3/, /^Chapter 2/]);
  });

  test('invite a co-author by e-mail: pending alike for any address until accepted, and revoked', async ({ page, browser }, testInfo) => {
    await signIn(page, DEMO.author);
    const title = `Invite ${Date.now()}`;
    await createManuscript(page, title);
    await page.getByRole('button', { name: /Co-authors/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Co-authors' });

    await dialog.getByRole('textbox', { name: 'E-mail' }).fill('not-an-address');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByText(/valid e-mail address/)).toBeVisible();

    const address = uniqueEmail('coauthor');
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(address);
    await dialog.getByLabel('Role when they join').selectOption('commenter');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByRole('status')).toContainText('Invitation sent');
    const pending = dialog.getByRole('list', { name: 'Pending invitations' });
    await expect(pending.getByRole('listitem').filter({ hasText: address })).toContainText('Invited — pending');

    // An existing account (the demo reader) gets the very same answer and the same pending entry.
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(DEMO.reader);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByRole('status')).toContainText('Invitation sent');
    await expect(pending.getByRole('listitem').filter({ hasText: DEMO.reader })).toContainText('Invited — pending');
    await expect(dialog.getByRole('list', { name: 'People on this manuscript' })).not.toContainText('@reader');
    await expectAccessible(page);
    await dialog.screenshot({ path: testInfo.outputPath('co-authors-dialog.png') });

    // The reader accepts under Write, where the invitation's notice leads, and joins.
    const reader = await signedIn(browser, DEMO.reader);
    await reader.page.goto('/editor');
    await reader.page.getByRole('button', { name: `Accept the invitation to “${title}”` }).click();
    await expect(reader.page.getByRole('status').filter({ hasText: 'You joined' })).toContainText(title);
    await expect(dialog.getByRole('list', { name: 'People on this manuscript' })).toContainText('@reader');
    await expect(pending.getByRole('listitem').filter({ hasText: DEMO.reader })).toHaveCount(0);
    // A reader without the author role finds the shared manuscript from the main navigation.
    await reader.page.goto('/');
    await reader.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shared with me' }).click();
    await expect(reader.page.getByRole('link', { name: new RegExp(title) })).toBeVisible();
    await reader.context.close();

    await dialog.getByRole('button', { name: `Revoke the invitation of ${address}` }).click();
    await expect(pending).toHaveCount(0);
  });

  test('a removed co-author’s open chapter stops syncing at once and says why', async ({ browser }) => {
    const author = await signedIn(browser, DEMO.author);
    const reader = await signedIn(browser, DEMO.reader);
    const title = `Removal ${Date.now()}`;
    await createManuscript(author.page, title);
    await typeAtEnd(author.page, 'Shared words.');

    await author.page.getByRole('button', { name: /Co-authors/ }).click();
    const dialog = author.page.getByRole('dialog', { name: 'Co-authors' });
    await dialog.getByLabel('Username').fill('reader');
    await dialog.getByLabel('Role', { exact: true }).selectOption('editor');
    await dialog.getByRole('button', { name: 'Invite' }).click();
    await expect(dialog.getByText('@reader')).toBeVisible();

    await reader.page.goto('/editor');
    await reader.page.getByRole('link', { name: new RegExp(title) }).click({ timeout: 15_000 });
    await expect(chapterText(reader.page)).toHaveText('Shared words.');
    await expect(reader.page.getByTestId('chapter-sync')).toHaveText('Synced');

    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(reader.page.getByRole('alert').filter({ hasText: 'You no longer have access' })).toBeVisible();
    await expect(reader.page.getByTestId('chapter-sync')).toHaveText('No access');
    await author.context.close();
    await reader.context.close();
  });
});
