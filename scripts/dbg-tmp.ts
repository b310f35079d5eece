import fs from 'node:fs';
import { chromium } from '@playwright/test';
const B = 'http://localhost:3432';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 820, height: 760 } });
page.on('console', (m) => m.text().startsWith('DBG') && console.log(m.text()));
await page.goto(B + '/auth');
await page.getByLabel('Email').fill('admin@quire.test');
await page.getByLabel('Password', { exact: true }).fill('quire-demo-pass');
await page.getByRole('button', { name: 'Sign in', exact: true }).click();
await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
let bookId = process.env.BOOK;
if (!bookId) {
  const res = await page.request.post(B + '/api/books/import', { headers: { 'content-type': 'application/epub+zip', origin: B }, data: fs.readFileSync('../shared/fixtures/epub/moby-dick.epub') });
  const { importId } = await res.json();
  for (;;) { const r = await (await page.request.get(B + `/api/books/imports/${importId}`)).json(); if (r.status !== 'queued') { bookId = r.bookId; break; } await new Promise((r) => setTimeout(r, 300)); }
  console.log('book', bookId);
}
const cols = page.getByTestId('reader-columns');
const st = async (l: string) => console.log(l, await cols.getAttribute('data-spread').catch(() => '-'), await page.getByTestId('reader-progress').textContent());
await page.goto(B + `/books/${bookId}`);
await cols.waitFor();
await page.waitForTimeout(800);
await page.getByRole('button', { name: 'Contents' }).click();
await page.getByRole('dialog', { name: 'Contents' }).locator('button:not([aria-label])').nth(6).click();
await page.waitForTimeout(500);
await page.keyboard.press('ArrowRight');
await page.waitForTimeout(500);
await st('paged');
await page.getByRole('button', { name: 'Scroll' }).click();
await page.waitForTimeout(2500);
await st('flow');
await page.getByRole('button', { name: 'Pages' }).click();
await page.waitForTimeout(1500);
await st('back');
await browser.close();
