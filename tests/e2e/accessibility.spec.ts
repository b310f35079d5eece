/**
 * Accessibility and looks, checked everywhere: every route of the router (every-route.ts), opened
 * as the person it is for, is checked with axe (WCAG 2.2 A and AA and best practices: no serious
 * or critical issue) on a desktop (1366×850) by day and on a phone (390×844) by night, and on the
 * phone no page scrolls sideways; a book with highlights is checked in the night reader theme.
 * One browser context and page per person for the worker, signed in through the API; a few pages
 * per test, so no test runs long on busy cores. A failure names the page, the size and the theme,
 * and the sweep goes on to the next page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { appOrigin, axeProblems, freshAccount, keepForWorker, test } from './fixtures';
import {
  DESKTOP,
  PHONE,
  RouteData,
  VISITS,
  pathOf,
  pushDocs,
  quiet,
  routerPatterns,
  settle,
  sidewaysOverflow,
  people,
  visitGroups,
  type Visit,
} from './every-route';

const CONTEXT = { viewport: DESKTOP, reducedMotion: 'reduce' } as const;

const sweep = test.extend<object, { everyone: ReturnType<typeof people> }>({
  everyone: [
    async ({ browser }, use, workerInfo) => {
      const everyone = people(browser, workerInfo.project.use.baseURL!, CONTEXT);
      // Each person's context opens in the first test that needs them and serves the worker's later tests.
      const page = async (who: Parameters<typeof everyone.page>[0]) => {
        const opened = await everyone.page(who);
        keepForWorker(opened.context());
        return opened;
      };
      await use({ ...everyone, page });
      await everyone.close();
    },
    { scope: 'worker' },
  ],
});

/**
 * Axe on a desktop by day, then on a phone by night (each route is seen at both sizes and in both
 * themes; the other two pairings would cost two more runs for the few elements only one size
 * shows), and the phone's width. Soft: one run reports every problem of every page.
 */
async function checkBothWays(page: Page, where: string, showsLoading = false) {
  expect.soft(await axeProblems(page), `axe on a desktop by day: ${where}`).toEqual([]);
  await page.setViewportSize(PHONE);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await quiet(page, showsLoading);
  expect.soft(await sidewaysOverflow(page), `sideways scrolling on a phone: ${where}`).toEqual([]);
  expect.soft(await axeProblems(page), `axe on a phone by night: ${where}`).toEqual([]);
  await page.setViewportSize(DESKTOP);
  await page.emulateMedia({ colorScheme: 'light' });
}

const PAGES_PER_TEST = 2;

test.describe('every route: axe on a desktop by day and a phone by night, no sideways scrolling on the phone', () => {
  for (const group of visitGroups(VISITS, PAGES_PER_TEST)) {
    const first = group.visits[0]!;
    const last = group.visits.at(-1)!;
    sweep(`${group.who}: ${first.route || '/'} … ${last.route || '/'}`, async ({ everyone }) => {
      const page = await everyone.page(group.who);
      const data = new RouteData(everyone.page, appOrigin());
      for (const visit of group.visits) {
        const url = await pathOf(visit, data);
        await test.step(`${group.who} ${url}`, async () => {
          await page.goto(url);
          await settle(page, visit);
          await checkBothWays(page, `${group.who} at ${url}`, visit.showsLoading);
        });
      }
    });
  }
});

test('the sweep visits every route of the router', () => {
  const patterns = routerPatterns(fs.readFileSync(path.resolve(process.cwd(), 'src/app/router.tsx'), 'utf8'));
  expect(patterns.length).toBeGreaterThan(60);
  const visited = new Set(VISITS.map((v: Visit) => v.route));
  expect(patterns.filter((p) => !visited.has(p))).toEqual([]);
  expect([...visited].filter((r) => !patterns.includes(r))).toEqual([]);
});

const HIGHLIGHTED = {
  bookId: 'demo-a-field-guide-to-small-dragons',
  quotes: ['Small dragons are not dangerous', 'Never point', 'Always bring a biscuit', 'You will need a notebook'],
};
const COLOURS = ['yellow', 'green', 'blue', 'pink'] as const;

/** Each highlight colour's contrast with the page around it and with its own text (WCAG's formula). */
function highlightContrasts(page: Page) {
  return page.evaluate(() => {
    const rgb = (css: string) => css.match(/[\d.]+/g)!.map(Number);
    const over = (top: number[], under: number[]) => [0, 1, 2].map((i) => top[i]! * (top[3] ?? 1) + under[i]! * (1 - (top[3] ?? 1)));
    const luminance = (c: number[]) =>
      [0, 1, 2]
        .map((i) => c[i]! / 255)
        .reduce((sum, v, i) => sum + [0.2126, 0.7152, 0.0722][i]! * (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4), 0);
    const ratio = (a: number[], b: number[]) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi! + 0.05) / (lo! + 0.05);
    };
    const paper = rgb(getComputedStyle(document.querySelector('.reader')!).backgroundColor);
    return [...document.querySelectorAll('mark.quire-hl')].map((mark) => {
      const style = getComputedStyle(mark);
      const background = over(rgb(style.backgroundColor), paper);
      return { colour: mark.className, withPage: ratio(background, paper), withText: ratio(over(rgb(style.color), background), background) };
    });
  });
}

sweep('highlights in the night reader theme: 3:1 against the page, their text 4.5:1, axe clean', async ({ browser, everyone }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ ...CONTEXT, colorScheme: 'dark' });
  const page = await context.newPage();
  // Someone of their own: the night theme they choose syncs to their account, not a demo one.
  await freshAccount(page, await everyone.page('admin'), 'Nora Night');
  const origin = appOrigin();
  const claimed = await page.request.post(`/api/books/${HIGHLIGHTED.bookId}/claim`, { headers: { origin } });
  expect(claimed.status(), await claimed.text()).toBe(200);
  const book = (await (await page.request.get(`/api/books/${HIGHLIGHTED.bookId}`)).json()) as { chapters: { id: string }[] };
  const chapterId = book.chapters[0]!.id;
  const chapter = (await (await page.request.get(`/api/books/${HIGHLIGHTED.bookId}/chapters/${chapterId}`)).json()) as { xhtml: string };
  const { user } = (await (await page.request.get('/api/auth/me')).json()) as { user: { id: string } };
  const now = Date.now();
  await pushDocs(
    page.request,
    origin,
    'annotations',
    HIGHLIGHTED.quotes.map((exact, i) => {
      expect(chapter.xhtml).toContain(exact);
      const colour = COLOURS[i]!;
      return {
        id: `hl-${now.toString(36)}-${colour}`,
        ownerId: user.id,
        bookId: HIGHLIGHTED.bookId,
        kind: 'highlight',
        chapterId,
        quote: { exact, prefix: '', suffix: '' },
        colour,
        note: '',
        createdAt: now,
        updatedAt: now,
      };
    }),
  );

  await page.goto('/theming');
  await page.getByRole('radio', { name: 'Night' }).check();
  await expect(page.getByTestId('theming-preview')).toHaveAttribute('data-reader-theme', 'night');

  for (const url of [`/books/${HIGHLIGHTED.bookId}`, `/books/${HIGHLIGHTED.bookId}/flow`]) {
    await test.step(url, async () => {
      await page.goto(url);
      await expect(page.locator('.reader')).toHaveClass(/reader-theme-night/);
      for (const colour of COLOURS) await expect(page.locator(`mark.quire-hl-${colour}`).first()).toBeVisible();
      await settle(page, {});
      for (const size of [DESKTOP, PHONE]) {
        await page.setViewportSize(size);
        await quiet(page);
        for (const c of await highlightContrasts(page)) {
          expect.soft(c.withPage, `${c.colour} against the page at ${size.width}px`).toBeGreaterThanOrEqual(3);
          expect.soft(c.withText, `${c.colour} text at ${size.width}px`).toBeGreaterThanOrEqual(4.5);
        }
        expect.soft(await axeProblems(page), `axe at ${size.width}px: ${url}`).toEqual([]);
        expect.soft(await sidewaysOverflow(page), `sideways scrolling at ${size.width}px: ${url}`).toEqual([]);
      }
      await page.setViewportSize(DESKTOP);
    });
  }
  await context.close();
});

test('a visitor at a signed-in page is sent to sign in', async ({ page }) => {
  await page.goto('/settings/account');
  await expect(page).toHaveURL(/\/auth\?next=%2Fsettings%2Faccount/);
});
