/**
 * Shared journey helpers: demo accounts, signing in through the real form, reading e-mailed
 * links from the outbox (as an admin would at /dev/mail), and the axe check.
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';

/**
 * Playwright's `test`, plus one thing every journey gets: the browser contexts it opened itself
 * (a second person, a phone) are closed when it ends, failed or not, so a failing journey cannot
 * leave pages running beside the next ones in its worker. Every spec imports `test` from here.
 */
export const test = base.extend<{ closesItsContexts: void }>({
  closesItsContexts: [
    async ({ browser }, use) => {
      const before = new Set<BrowserContext>(browser.contexts());
      await use();
      // Torn down after the built-in `context` (set up later, so closed first): what is left is the journey's own.
      await Promise.all(
        browser
          .contexts()
          .filter((c) => !before.has(c) && !workerContexts.has(c))
          .map((c) => c.close()),
      );
    },
    { auto: true },
  ],
});

const workerContexts = new WeakSet<BrowserContext>();

/** A context a worker-scoped fixture opened during a test, for the tests after it: not closed with the test. */
export function keepForWorker(context: BrowserContext): void {
  workerContexts.add(context);
}

export const DEMO_PASSWORD = 'quire-demo-pass';
export const DEMO = {
  reader: 'reader@quire.test',
  author: 'author@quire.test',
  publisher: 'publisher@quire.test',
  admin: 'admin@quire.test',
} as const;

export const FAILURE_TEXT =
  'Application error: a server-side or client-side exception has occurred while loading the site (see the server logs or the browser console for more information).';

let counter = 0;
/** A fresh address per call, unique across workers and runs. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${++counter}@example.test`;
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth/);
}

/** The app's origin: API writes must name it (the server refuses cross-site requests). */
export const appOrigin = () => test.info().project.use.baseURL!;

/**
 * A separate browser context (another person, or another device) signed in through the API, not
 * the form: the people a journey needs as givens. Its page has not loaded anything yet. The form
 * itself is walked through by signIn, in the journeys about the signed-in person.
 */
export async function signedIn(browser: Browser, email: string, options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options);
  const res = await context.request.post('/api/auth/sign-in', { headers: { origin: appOrigin() }, data: { email, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return { context, page: await context.newPage() };
}

/**
 * Someone no other journey has touched (their synced preferences and library are theirs alone):
 * signed up, confirmed through the outbox, signed in through the API in `page`'s context (the
 * forms have journeys of their own). `admin` reads the outbox.
 */
export async function freshAccount(page: Page, admin: Page, displayName: string, password = 'a long and unusual passphrase 7'): Promise<string> {
  const email = uniqueEmail(displayName.split(' ')[0]!.toLowerCase());
  const origin = appOrigin();
  const username = `u${Date.now().toString(36)}${test.info().parallelIndex}${++counter}`;
  const signedUp = await page.request.post('/api/auth/sign-up', { headers: { origin }, data: { email, username, displayName, password } });
  expect(signedUp.status(), await signedUp.text()).toBe(202);
  await page.goto(await mailedLink(admin, email, /confirm/i));
  await expect(page.getByText('Your e-mail is confirmed. Sign in to continue.')).toBeVisible();
  const signedIn = await page.request.post('/api/auth/sign-in', { headers: { origin }, data: { email, password } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return email;
}

/** A separate browser context signed in as the demo admin. */
export async function adminPage(browser: Browser): Promise<Page> {
  return (await signedIn(browser, DEMO.admin)).page;
}

/** The newest /auth/callback link mailed to `to`, read from the outbox by an admin. */
export async function mailedLink(admin: Page, to: string, subject?: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await admin.request.get(`/api/dev/mail?to=${encodeURIComponent(to)}`);
        if (!res.ok()) return undefined;
        const body = JSON.stringify(await res.json());
        const messages = JSON.parse(body) as unknown;
        const list: Array<Record<string, unknown>> = Array.isArray(messages) ? messages : ((messages as { messages?: [] }).messages ?? []);
        const match = list.find((m) => !subject || subject.test(String(m.subject)));
        const text = match ? JSON.stringify(match) : '';
        link = text.match(/https?:\/\/[^\s"\\]+\/auth\/callback\?code=[^\s"\\]+/)?.[0];
        return link;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  // The link names the public URL; keep only the path so it works from the test's base URL.
  const url = new URL(link!);
  return url.pathname + url.search;
}

/** WCAG 2.2 A and AA (with 2.0 and 2.1) and axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * The page's serious and critical axe violations, one line each (none: an empty list). Legacy
 * mode runs axe in the page itself (the default opens an extra tab to merge per-frame results,
 * which only cross-origin frames need; Quire has none). axe (560 KB) is put into a page once: a
 * second check of the same page (another size or theme) finds it there, and only violations are
 * collected. "Label in name" (WCAG 2.5.3) is still experimental in axe, so it is named: a
 * control's accessible name must contain its visible text.
 */
export async function axeProblems(page: Page): Promise<string[]> {
  const present = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  const results = await new AxeBuilder(present ? { page, axeSource: '/* axe is in the page already */' } : { page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })
    .withTags(AXE_TAGS)
    .setLegacyMode()
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** axe: no serious or critical violations on the current page. */
export async function expectAccessible(page: Page) {
  expect(await axeProblems(page)).toEqual([]);
}

/** Import an EPUB as the signed-in account (author, publisher or admin) and wait for the job: the new book's id. */
export async function importEpub(page: Page, body: Uint8Array): Promise<string> {
  const res = await page.request.post('/api/books/import', {
    headers: { 'content-type': 'application/epub+zip', origin: appOrigin() },
    data: Buffer.from(body),
  });
  expect(res.status()).toBe(202);
  const { importId } = (await res.json()) as { importId: string };
  let bookId = '';
  await expect
    .poll(
      async () => {
        const r = (await (await page.request.get(`/api/books/imports/${importId}`)).json()) as { status: string; bookId: string | null; error: string | null };
        bookId = r.bookId ?? '';
        return r.error ?? r.status;
      },
      { timeout: 60_000 }, // real sample books (Moby-Dick) take a while on a busy CI core
    )
    .toBe('done');
  return bookId;
}

/**
 * What a page went through, for a failure report: its console errors and warnings, uncaught
 * errors and failed requests as they happen, then (`report()`) whether the service worker
 * controls it and what the app's root holds. A blank page then says why it is blank.
 */
export function watchPage(page: Page) {
  const started = Date.now();
  const lines: string[] = [];
  const at = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') lines.push(`${at()} console.${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (error) => lines.push(`${at()} uncaught: ${error.stack ?? error.message}`));
  page.on('requestfailed', (request) => lines.push(`${at()} request failed: ${request.url()} ${request.failure()?.errorText ?? ''}`));
  page.on('load', () => lines.push(`${at()} load event`));
  return {
    async report(): Promise<string> {
      const state = await page
        .evaluate(() => ({
          url: location.href,
          controlled: Boolean(navigator.serviceWorker?.controller),
          root: document.getElementById('root')?.innerHTML.slice(0, 300) ?? 'no #root',
          scripts: performance.getEntriesByType('resource').filter((e) => /\.(js|css)$/.test(e.name)).length,
        }))
        .catch((error: unknown) => String(error));
      return [...lines, `${at()} state: ${JSON.stringify(state)}`].join('\n');
    },
  };
}
