/**
 * Newsletters end to end: a visitor subscribes to an author's newsletter signed out, confirms from
 * the outbox at /dev/mail, the author sends an issue, and a POST like a
 * mail provider's RFC 8058 one-click (no cookie, no origin) unsubscribes them.
 */
import { expect, type Page } from '@playwright/test';
import { appOrigin, DEMO, expectAccessible, signedIn, uniqueEmail, test } from './fixtures';

const AUTHOR_PAGE = '/author/demo-author';

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
}

/** The newest outbox message to `to` whose subject matches, read by the admin. */
async function outboxMessage(admin: Page, to: string, subject: RegExp): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const res = await admin.request.get(`/api/dev/mail?to=${encodeURIComponent(to)}`);
      const { messages } = (await res.json()) as { messages: OutboxMessage[] };
      found = messages.find((m) => subject.test(m.subject));
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-desktop.png`), fullPage: true });
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath(`${name}-phone.png`), fullPage: true });
  await page.setViewportSize(size);
}

test('a visitor subscribes signed out, confirms from /dev/mail, gets an issue and leaves with one click', async ({ browser, page, playwright }) => {
  const email = uniqueEmail('newsletter');
  const admin = await signedIn(browser, DEMO.admin);
  const author = await signedIn(browser, DEMO.author);

  // Signed out, on the author's page.
  await page.goto(AUTHOR_PAGE);
  const signup = page.getByRole('region', { name: 'Newsletter' });
  await signup.getByRole('button', { name: 'Subscribe' }).click();
  await expect(signup.getByText('Enter your e-mail address.')).toBeVisible();
  await signup.getByLabel('E-mail').fill(email);
  await signup.getByRole('button', { name: 'Subscribe' }).click();
  await expect(signup.getByText('Check your inbox')).toBeVisible();
  await expect(signup).toContainText(`We sent a link to ${email}`);

  // The admin finds the confirmation in the outbox page.
  await admin.page.goto('/dev/mail');
  await admin.page.getByLabel('Recipient').fill(email);
  await admin.page.getByRole('button', { name: /Confirm your subscription to Ada Author/ }).click();
  const href = await admin.page.getByRole('link', { name: /\/newsletter\/confirm\?token=/ }).getAttribute('href');
  const link = new URL(href!);
  // The HTML part is shown too, in its sandboxed frame, with the same link as its button.
  const htmlPart = admin.page.frameLocator('iframe[title^="HTML part"]');
  await expect(htmlPart.getByRole('link', { name: 'Confirm your subscription' })).toHaveAttribute('href', href!);
  await expectAccessible(admin.page);

  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page.getByText('Subscription confirmed')).toBeVisible();
  // The same link again: refused with a clear page.
  await page.reload();
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page.getByText('This link cannot be used')).toBeVisible();
  await expect(page.getByText('used already')).toBeVisible();

  // The author sends an issue (the setup page's own test below looks at its form).
  const subject = `Letters from the lighthouse ${Date.now().toString(36)}`;
  const headers = { origin: appOrigin() };
  const created = await author.page.request.post('/api/newsletter/setup/mine/issues', {
    headers,
    // The body as the compose box's editor sends it: its HTML, which the server sanitises.
    data: { subject, body: '<h2>Gull Point</h2><p>The <strong>lamp</strong> is lit again. Thank you for <a href="https://example.com/log">reading</a>.</p>' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: issueId } = (await created.json()) as { id: string };
  const sent = await author.page.request.post(`/api/newsletter/setup/mine/issues/${issueId}/schedule`, { headers, data: { sendAt: null } });
  expect(sent.status(), await sent.text()).toBe(200);

  // The issue as delivered: RFC 8058 headers, the footer's visible link.
  const issue = await outboxMessage(admin.page, email, new RegExp(subject));
  expect(issue.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const oneClick = /^<(.+)>$/.exec(issue.headers['List-Unsubscribe']!)![1]!;
  expect(oneClick).toMatch(/\/api\/newsletter\/unsubscribe\?token=/);
  // The text part, readable: the heading underlined, the link's address after its words.
  expect(issue.text).toContain('Gull Point\n==========\n\nThe lamp is lit again. Thank you for reading (https://example.com/log).');
  expect(issue.text).toMatch(/Unsubscribe: \S+\/newsletter\/unsubscribe\?token=/);

  // What a mail provider does: a plain POST, no cookie, no Origin. Twice is the same as once.
  const provider = await playwright.request.newContext();
  const path = new URL(oneClick).pathname + new URL(oneClick).search;
  for (let i = 0; i < 2; i++) {
    const res = await provider.post(new URL(path, test.info().project.use.baseURL).toString(), { form: { 'List-Unsubscribe': 'One-Click' } });
    expect(res.status(), await res.text()).toBe(200);
  }
  await provider.dispose();
  // The author's results count the unsubscribe against this issue.
  await expect
    .poll(async () => {
      const setup = (await (await author.page.request.get('/api/newsletter/setup/mine')).json()) as {
        issues: { id: string; results: { unsubscribes: number } }[];
      };
      return setup.issues.find((i) => i.id === issueId)?.results.unsubscribes;
    })
    .toBe(1);

  await admin.page.context().close();
  await author.page.context().close();
});

test('/newsletter and the author page sign-up, on a desktop and a phone', async ({ page }) => {
  await page.goto('/newsletter');
  await expect(page.getByRole('heading', { level: 2, name: 'Past issues' })).toBeVisible();
  await expect(page.getByText('Loading')).toHaveCount(0);
  await expectAccessible(page);
  await shoot(page, 'newsletter-page');
  await page.goto(AUTHOR_PAGE);
  await expect(page.getByRole('region', { name: 'Newsletter' })).toBeVisible();
  await shoot(page, 'author-page');
});

test("an author's /newsletter/setup: an issue written in the editor, saved, reopened and test-sent, on a desktop and a phone", async ({ browser }) => {
  const author = await signedIn(browser, DEMO.author);
  const page = author.page;
  await page.goto('/newsletter/setup');
  await expect(page.getByRole('heading', { level: 2, name: 'Subscribers' })).toBeVisible();
  // The demo author's newsletter has its postal address: no warning above the compose box.
  await expect(page.getByText('No postal address yet')).toHaveCount(0);
  const subject = `Notes from the lamp room ${Date.now().toString(36)}`;
  await page.getByLabel('Subject', { exact: true }).fill(subject);
  const editor = page.getByRole('textbox', { name: 'Issue', exact: true });
  await editor.click();
  await page.keyboard.type('The lamp is lit ');
  await page.getByRole('button', { name: 'Bold', exact: true }).click();
  await page.keyboard.type('again');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved.')).toBeVisible();
  const row = page.getByRole('table', { name: 'Issues' }).getByRole('row').filter({ hasText: subject });
  await expect(row).toContainText('Draft');
  // Reopened, the editor holds what was written, bold and all.
  await page.getByRole('button', { name: 'New issue instead' }).click();
  await row.getByRole('button', { name: `Edit “${subject}”` }).click();
  await expect(editor.locator('strong', { hasText: 'again' })).toBeVisible();
  await page.getByRole('button', { name: 'Send a test to me' }).click();
  await expect(page.getByText(`Test sent to ${DEMO.author}.`)).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'newsletter-setup');
  await author.page.context().close();
});

test('/admin/newsletter/setup shows the mail transport', async ({ browser }) => {
  const admin = await signedIn(browser, DEMO.admin);
  await admin.page.goto('/admin/newsletter/setup');
  await expect(admin.page.getByText('Mail transport:')).toBeVisible();
  await expectAccessible(admin.page);
  await shoot(admin.page, 'admin-newsletter-setup');
  await admin.page.context().close();
});
