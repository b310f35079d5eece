/**
 * The Content Security Policy breaks nothing: the home page, the library, the reader and the
 * print view of a demo book, and the editor with its collaboration socket all run without a
 * single CSP violation (neither a `securitypolicyviolation` event nor a console report).
 */
import { expect, type Page } from '@playwright/test';
import { createManuscript, typeAtEnd, chapterText } from './editor-helpers';
import { DEMO, signIn, test } from './fixtures';

/** Every CSP violation the page reports, from the DOM event and from the console. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`),
    );
  });
  return async () => [...fromConsole, ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations))];
}

test.describe('content security policy', () => {
  test('the app shell, reader and print view run without violations', async ({ page }) => {
    test.setTimeout(90_000);
    const violations = await watchViolations(page);
    const home = await page.goto('/');
    expect(home?.headers()['content-security-policy']).toContain("script-src 'self' 'sha256-");
    // A page the client routes, prerendered and private, carries the same headers.
    const store = await page.request.get('/store');
    expect(store.headers()['content-security-policy']).toContain("script-src 'self' 'sha256-");
    expect(store.headers()['x-frame-options']).toBe('DENY');
    await expect(page.locator('html')).toHaveAttribute('data-theme', /light|dark/); // the inline theme script ran
    expect(await violations()).toEqual([]);

    await signIn(page, DEMO.reader);
    await page.goto('/books');
    await expect(page.getByRole('link', { name: 'Print / PDF: The Patient Draft' })).toBeVisible();
    expect(await violations()).toEqual([]);

    await page.goto('/books/demo-the-patient-draft');
    await expect(page.locator('section.reader-chapter').first()).toBeVisible({ timeout: 20_000 });
    expect(await violations()).toEqual([]);

    await page.goto('/printable/demo-the-patient-draft');
    await expect(page.getByTestId('printable-status')).toHaveText(/^\d+ pages at /, { timeout: 45_000 });
    expect(await violations()).toEqual([]);
  });

  test('the editor and its collaboration socket run without violations', async ({ page }) => {
    test.setTimeout(90_000);
    const violations = await watchViolations(page);
    await signIn(page, DEMO.author);
    await createManuscript(page, `CSP check ${Date.now()}`);
    await typeAtEnd(page, 'Typed under a strict policy.');
    await expect(chapterText(page)).toContainText('Typed under a strict policy.');
    await expect(page.getByTestId('chapter-sync')).toHaveText('Synced');
    expect(await violations()).toEqual([]);
  });
});
