/**
 * How long the local database takes to open in Chromium, read from the product's own
 * `quire:db-open` measure: `tsx scripts/probe-db-open.ts <origin> [runs] [email] [path]` against a
 * running server (demo accounts). Each run is a fresh browser context (first open: empty
 * IndexedDB) followed by a reload (warm open). Long tasks are summed up to the moment it opened.
 */
import { chromium, type Page } from '@playwright/test';

const [origin = 'http://localhost:3000', runs = '5', email = 'reader@quire.test', path = '/'] = process.argv.slice(2);

interface Sample {
  open: number;
  startedAt: number;
  firstPaint: number;
  longTasks: number;
}

async function sample(page: Page): Promise<Sample> {
  await page.waitForFunction(() => performance.getEntriesByName('quire:db-open').length > 0, null, { timeout: 60_000 });
  return page.evaluate(() => ({
    open: Math.round(performance.getEntriesByName('quire:db-open')[0]!.duration),
    startedAt: Math.round(performance.getEntriesByName('quire:db-open:start')[0]!.startTime),
    firstPaint: Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1),
    longTasks: Math.round((window as unknown as { longTasks: number }).longTasks),
  }));
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const first: Sample[] = [];
const warm: Sample[] = [];
for (let i = 0; i < Number(runs); i++) {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    const w = window as unknown as { longTasks: number };
    w.longTasks = 0;
    new PerformanceObserver((list) => list.getEntries().forEach((e) => (w.longTasks += e.duration))).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  await page.goto(`${origin}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('quire-demo-pass');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
  await page.goto(`${origin}${path}`);
  first.push(await sample(page));
  await page.reload();
  warm.push(await sample(page));
  await context.close();
}
await browser.close();

const median = (samples: Sample[], key: keyof Sample) => samples.map((s) => s[key]).sort((a, b) => a - b)[Math.floor(samples.length / 2)];
for (const key of ['open', 'startedAt', 'firstPaint', 'longTasks'] as const) {
  console.log(`${key.padEnd(10)} median first ${median(first, key)} ms, warm ${median(warm, key)} ms`);
}
