/**
 * npm run bench:reader — the reader in real Chromium against the built app, served by the real
 * server on a fresh data directory with Moby-Dick imported (/work/shared/fixtures/epub, or a
 * generated EPUB of similar size when the fixture is absent — the output says which):
 *  1. navigation → first page rendered (the chapter's text in the paginated view, one frame
 *     later), cold (fresh browser context: no HTTP cache, service worker or IndexedDB) and warm
 *     (a second visit in the same context);
 *  2. page turns in paginated mode: key press → the next frame after the spread changed,
 *     measured in the page, many turns per run (chapter crossings included);
 *  3. first-load JS of /books and /books/{id}: brotli bytes of every script the route loads.
 * Several runs in one invocation; medians are reported and written to docs/benchmarks.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { writeEpub } from '../server/books/epub/write-epub';
import { percentile, writeBenchSection } from './bench-report';
import { startBenchServer } from './bench-server';

const PORT = Number(process.env.BENCH_PORT ?? 3106);
const ORIGIN = `http://localhost:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TURNS = Number(process.env.BENCH_TURNS ?? 60);
const FIXTURE = path.resolve(process.cwd(), '../shared/fixtures/epub/moby-dick.epub');
const ALT_FIXTURE = '/work/shared/fixtures/epub/moby-dick.epub';
const SECTION = '## Reader (`npm run bench:reader`)';
const ADMIN = { email: 'admin@quire.test', password: 'quire-demo-pass' };
const TARGETS = { firstPageColdMs: 500, turnP95Ms: 50 };

const median = (xs: number[]) => percentile(xs, 50);
const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

/** A large generated book (≈ 200k words in 135 chapters) when the Moby-Dick fixture is absent. */
function generatedEpub(): Uint8Array {
  const words = 'the whale sea ship captain deck harpoon voyage ocean wind sail crew mast storm white deep'.split(' ');
  const paragraph = (i: number) => `<p>${Array.from({ length: 120 }, (_, k) => words[(i * 7 + k * 3) % words.length]).join(' ')}.</p>`;
  const chapters = Array.from({ length: 135 }, (_, c) => ({
    id: `ch${c + 1}`,
    title: `Chapter ${c + 1}`,
    body: `<h1>Chapter ${c + 1}</h1>${Array.from({ length: 12 }, (_, i) => paragraph(c * 12 + i)).join('')}`,
  }));
  return writeEpub({
    identifier: 'urn:uuid:5b0c6f9e-0000-4000-8000-00000000beef',
    title: 'Generated Voyage',
    language: 'en',
    creators: [{ name: 'Bench' }],
    chapters,
  });
}

async function importBook(context: BrowserContext): Promise<{ bookId: string; source: string }> {
  const fixture = [FIXTURE, ALT_FIXTURE].find((f) => fs.existsSync(f));
  const body = fixture ? fs.readFileSync(fixture) : Buffer.from(generatedEpub());
  const source = fixture
    ? `Moby-Dick (${path.basename(fixture)}, ${(body.byteLength / 1024).toFixed(0)} KiB EPUB)`
    : 'a generated 135-chapter EPUB (the Moby-Dick fixture was not found)';
  const res = await context.request.post('/api/books/import', { headers: { 'content-type': 'application/epub+zip', origin: ORIGIN }, data: body });
  if (res.status() !== 202) throw new Error(`import: ${res.status()} ${await res.text()}`);
  const { importId } = (await res.json()) as { importId: string };
  for (let i = 0; i < 240; i++) {
    const r = (await (await context.request.get(`/api/books/imports/${importId}`)).json()) as { status: string; bookId: string | null; error: string | null };
    if (r.status === 'done' && r.bookId) return { bookId: r.bookId, source };
    if (r.status === 'failed') throw new Error(`import failed: ${r.error}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('import timed out');
}

/**
 * Records, in the page, the first frame in which the paginated view shows the chapter: its text,
 * or (a cover chapter) its images decoded. Checked every frame from the start of the document.
 */
// A string, not a function: tsx would wrap named functions in a helper the page does not have.
const FIRST_PAGE_PROBE = `(() => {
  const frame = (now) => {
    const section = document.querySelector('[data-testid="reader-columns"][data-spread] section.reader-chapter');
    const images = section ? [...section.querySelectorAll('img')] : [];
    const shown = section && ((section.textContent || '').trim().length > 0 || (images.length > 0 && images.every((i) => i.complete && i.naturalWidth > 0)));
    if (shown) window.__firstPage = now;
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

async function firstPage(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await page
    .waitForFunction(() => (window as unknown as { __firstPage?: number }).__firstPage !== undefined, undefined, { timeout: 30_000 })
    .catch(async (err: Error) => {
      await page.screenshot({ path: path.join(os.tmpdir(), 'bench-reader-failure.png') });
      const state = await page.evaluate(() => {
        const section = document.querySelector('[data-testid="reader-columns"] section.reader-chapter');
        return {
          spread: document.querySelector<HTMLElement>('[data-testid="reader-columns"]')?.dataset.spread,
          html: section?.innerHTML.slice(0, 300),
          probe: (window as unknown as { __firstPage?: number }).__firstPage,
        };
      });
      throw new Error(`${err.message}; reader state: ${JSON.stringify(state)}`);
    });
  return page.evaluate(() => (window as unknown as { __firstPage: number }).__firstPage);
}

/** Forward page turns, each timed from the key press to the frame after the spread changed. */
async function pageTurns(page: Page, turns: number): Promise<number[]> {
  return page.evaluate(`(async (n) => {
    const state = () => {
      const cols = document.querySelector('[data-testid="reader-columns"]');
      return cols?.querySelector('section.reader-chapter')?.dataset.chapterId + ':' + cols?.dataset.spread;
    };
    const times = [];
    for (let i = 0; i < n; i++) {
      const before = state();
      const t0 = performance.now();
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
      await new Promise((resolve, reject) => {
        const poll = () => {
          if (state() !== before) requestAnimationFrame(() => resolve());
          else if (performance.now() > t0 + 10000) reject(new Error('page turn ' + i + ' did not happen'));
          else requestAnimationFrame(poll);
        };
        poll();
      });
      times.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
    return times;
  })(${turns})`);
}

const brotliCache = new Map<string, number>();
function brotliBytes(urlPath: string): number {
  let n = brotliCache.get(urlPath);
  if (n === undefined) {
    const file = path.join('dist', urlPath);
    n = fs.existsSync(file) ? brotliCompressSync(fs.readFileSync(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength : 0;
    brotliCache.set(urlPath, n);
  }
  return n;
}

/** Every same-origin script a cold visit to `url` loads until `ready` holds (and a moment after). */
async function routeJs(
  browser: Browser,
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>,
  url: string,
  ready: (page: Page) => Promise<unknown>,
) {
  const context = await browser.newContext({ storageState, serviceWorkers: 'block' });
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('request', (req) => {
    const u = new URL(req.url());
    if (u.origin === ORIGIN && u.pathname.endsWith('.js')) scripts.add(u.pathname);
  });
  await page.goto(url);
  await ready(page);
  await page.waitForTimeout(1500); // chunks a route loads after its first render count too
  await context.close();
  const files = [...scripts];
  return { files, bytes: files.reduce((sum, f) => sum + brotliBytes(f), 0) };
}

async function main() {
  const server = await startBenchServer(PORT, 'reader');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const setup = await browser.newContext({ baseURL: ORIGIN });
    const signIn = await setup.request.post('/api/auth/sign-in', { data: ADMIN, headers: { origin: ORIGIN } });
    if (!signIn.ok()) throw new Error(`sign-in: ${signIn.status()} ${await signIn.text()}`);
    const { bookId, source } = await importBook(setup);
    const storageState = await setup.storageState();
    await setup.close();
    const readerUrl = `${ORIGIN}/books/${bookId}`;
    console.log(`book: ${source}; ${RUNS} runs, ${TURNS} turns each`);

    const cold: number[] = [];
    const warm: number[] = [];
    const turns: number[] = [];
    const turnP50: number[] = [];
    const turnP95: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ storageState, viewport: { width: 1280, height: 800 } });
      await context.addInitScript({ content: FIRST_PAGE_PROBE });
      const first = await context.newPage();
      const timeline: string[] = [];
      if (process.env.BENCH_PROFILE && run === 0) {
        const t0 = Date.now();
        first.on('requestfinished', (req) => timeline.push(`${String(Date.now() - t0).padStart(5)} ms  ${req.method()} ${new URL(req.url()).pathname}`));
        first.on('console', (m) => timeline.push(`${String(Date.now() - t0).padStart(5)} ms  console ${m.text()}`));
      }
      cold.push(await firstPage(first, readerUrl));
      if (timeline.length) console.log(`cold visit timeline (request finished):\n${timeline.join('\n')}`);
      await first.waitForTimeout(1500); // the service worker installs, progress is written
      await first.close();
      const second = await context.newPage();
      warm.push(await firstPage(second, readerUrl));
      const times = await pageTurns(second, TURNS);
      turns.push(...times);
      turnP50.push(percentile(times, 50));
      turnP95.push(percentile(times, 95));
      console.log(`run ${run + 1}: cold ${ms(cold.at(-1)!)}, warm ${ms(warm.at(-1)!)}, turn p50 ${ms(turnP50.at(-1)!)} p95 ${ms(turnP95.at(-1)!)}`);
      await context.close();
    }

    const library = await routeJs(browser, storageState, `${ORIGIN}/books`, (p) => p.locator('.library-list, .empty-state').first().waitFor());
    const reader = await routeJs(browser, storageState, readerUrl, (p) => p.locator('[data-testid="reader-columns"][data-spread]').waitFor());
    const readerOnly = reader.files.filter((f) => !library.files.includes(f));
    const readerChunkInLibrary = library.files.some((f) => /reader-page/.test(f));

    const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
    const coldMedian = median(cold);
    const p95Median = median(turnP95);
    const lines = [
      '| measure | median of runs | target |',
      '|---|---|---|',
      `| navigation → first page, cold (fresh context) | ${ms(coldMedian)} (runs: ${cold.map((x) => x.toFixed(0)).join(', ')}) | ≤ ${TARGETS.firstPageColdMs} ms (${met(coldMedian <= TARGETS.firstPageColdMs)}) |`,
      `| navigation → first page, warm (second visit) | ${ms(median(warm))} (runs: ${warm.map((x) => x.toFixed(0)).join(', ')}) | |`,
      `| page turn, paginated (${TURNS} turns × ${RUNS} runs) | p50 ${ms(median(turnP50))}, p95 ${ms(p95Median)}; all turns: p50 ${ms(percentile(turns, 50))}, p95 ${ms(percentile(turns, 95))}, max ${ms(Math.max(...turns))} | p95 ≤ 50 ms (${met(p95Median <= TARGETS.turnP95Ms)}) |`,
      `| first-load JS of /books | ${kib(library.bytes)} brotli in ${library.files.length} files | |`,
      `| first-load JS of /books/{id} | ${kib(reader.bytes)} brotli in ${reader.files.length} files (+${kib(reader.bytes - library.bytes)} over /books: ${readerOnly.map((f) => path.basename(f)).join(', ')}) | reader lazy-loaded (${met(!readerChunkInLibrary && readerOnly.some((f) => /reader-page/.test(f)))}) |`,
    ];
    const browserVersion = browser.version();
    const machine = `${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length} (shared), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, Chromium ${browserVersion} headless, localhost, ${new Date().toISOString().slice(0, 10)}. Book: ${source}. Viewport 1280 × 800.`;
    console.log(lines.join('\n'));
    console.log(machine);
    writeBenchSection(SECTION, `${machine}\n\n${lines.join('\n')}`);
  } finally {
    await browser.close();
    server.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
