/**
 * npm run shots — look at every page: a screenshot of every route of the router at a desktop
 * (1366×850) and a phone (390×844) size, as the person it is for (signed out for public routes;
 * the demo reader, author, publisher and admin for the rest), from the built app served by the
 * real server on a fresh data directory with the demo seed. The route list and the data behind
 * parameterised routes are the accessibility sweep's (tests/e2e/every-route.ts).
 *
 *   npm run shots                      every route → shots/<who>/<desktop|phone>/<route>.png
 *   npm run shots -- admin /books/     only visits whose person, route or URL contains one of the words
 *   npm run shots -- --dark            in the night theme too (…/<size>-night/…)
 *
 * Prints the folder (git-ignored). SHOTS_PORT picks the port (default 3107).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { DESKTOP, PHONE, RouteData, VISITS, pathOf, people, quiet, settle } from '../tests/e2e/every-route';
import { startBenchServer } from './bench-server';

const PORT = Number(process.env.SHOTS_PORT ?? 3107);
const OUT = path.resolve('shots');
const args = process.argv.slice(2);
const dark = args.includes('--dark');
const words = args.filter((a) => !a.startsWith('--'));

/** A file name for a URL: /admin/orders/abc?x=1 → admin_orders_abc-x-1 (so /admin/test and /admin-test differ). */
const fileName = (url: string) =>
  url
    .replace(/^\//, '')
    .replace(/\//g, '_')
    .replace(/[^\w-]+/g, '-')
    .replace(/-+$/, '') || 'home';

async function main() {
  // A word keeps the visits whose person, route pattern (/books/:bookId) or fixed URL contains it.
  const visits = VISITS.filter((v) => words.length === 0 || words.some((w) => `${v.who} /${v.route} ${typeof v.to === 'string' ? v.to : ''}`.includes(w)));
  const server = await startBenchServer(PORT, 'shots', 'shots');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const everyone = people(browser, server.origin, { viewport: DESKTOP, reducedMotion: 'reduce' });
  const data = new RouteData(everyone.page, server.origin);
  let shots = 0;
  const failed: string[] = [];
  try {
    // A full run starts from an empty folder; a filtered one replaces only its own screenshots.
    if (words.length === 0) fs.rmSync(OUT, { recursive: true, force: true });
    for (const visit of visits) {
      const url = await pathOf(visit, data);
      const page = await everyone.page(visit.who);
      try {
        await page.goto(url);
        await settle(page, visit);
        for (const theme of dark ? (['light', 'dark'] as const) : (['light'] as const)) {
          await page.emulateMedia({ colorScheme: theme });
          for (const [size, viewport] of [['desktop', DESKTOP] as const, ['phone', PHONE] as const]) {
            await page.setViewportSize(viewport);
            await quiet(page, visit.showsLoading);
            const file = path.join(OUT, visit.who, theme === 'dark' ? `${size}-night` : size, `${fileName(url)}.png`);
            fs.mkdirSync(path.dirname(file), { recursive: true });
            await page.screenshot({ path: file, fullPage: true });
            shots++;
          }
          await page.setViewportSize(DESKTOP);
        }
        await page.emulateMedia({ colorScheme: 'light' });
      } catch (error) {
        failed.push(`${visit.who} ${url}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        await page.screenshot({ path: path.join(OUT, visit.who, `FAILED-${fileName(url)}.png`), fullPage: true }).catch(() => undefined);
      }
    }
  } finally {
    await browser.close();
    server.stop();
  }
  console.log(`${shots} screenshots of ${visits.length} visits in ${OUT}`);
  if (failed.length > 0) {
    console.error(`Not ready in time (a FAILED-… screenshot shows how they looked):\n  ${failed.join('\n  ')}`);
    process.exitCode = 1;
  }
}

await main();
