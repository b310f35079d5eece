/**
 * Look at a page: `npx tsx scripts/shot.ts <url> <out.png> [email password] [--dark] [--width=1280]`.
 * Signs in through the real form first when an e-mail and password are given.
 */
import { chromium } from '@playwright/test';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const flags = process.argv.slice(2).filter((a) => a.startsWith('--'));
const [url, out, email, password] = args;
if (!url || !out) {
  console.error('usage: tsx scripts/shot.ts <url> <out.png> [email password] [--dark] [--width=1280]');
  process.exit(2);
}
const width = Number(flags.find((f) => f.startsWith('--width='))?.split('=')[1] ?? 1280);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme: flags.includes('--dark') ? 'dark' : 'light' });
page.on('console', (m) => m.type() === 'error' && console.error('console:', m.text()));
if (email && password) {
  const origin = new URL(url).origin;
  await page.goto(`${origin}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/auth'), { timeout: 10_000 }).catch(() => console.error('sign-in did not leave /auth'));
}
await page.goto(url);
await page.waitForLoadState('load');
await page
  .locator('.skeleton')
  .first()
  .waitFor({ state: 'detached', timeout: 5_000 })
  .catch(() => {});
await page.waitForTimeout(300);
await page.screenshot({ path: out, fullPage: true });
await browser.close();
console.log(`saved ${out}`);
