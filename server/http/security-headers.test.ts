/**
 * Security headers on the app shell, an asset, the service worker and the API, and the CSP hashes
 * of inline scripts (checked against MDN's worked example and against index.html itself).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { mountClient } from '../static';
import { buildTestContext, type TestContext } from '../test/test-context';
import { inlineScriptHashes } from './security-headers';

let t: TestContext;
let clientDir: string;
afterEach(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const indexHtml = fs.readFileSync(path.join(__dirname, '../../index.html'), 'utf8');

async function setup(overrides: Partial<Config> = {}) {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  t = await buildTestContext(overrides);
  mountClient(t.app, clientDir);
}

function expectCommonHeaders(res: Response) {
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*;/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("connect-src 'self' ws://quire.test");
  expect(csp).not.toContain('unsafe-eval');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('permissions-policy')).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  expect(res.headers.get('strict-transport-security')).toBeNull(); // http://quire.test
}

describe('security headers', () => {
  it('are on the app shell, with the hashes of its inline scripts (theme, boot failure)', async () => {
    await setup();
    for (const url of ['/', '/index.html', '/books']) {
      const res = await t.request(url);
      expect(res.status).toBe(200);
      expectCommonHeaders(res);
      const hashes = inlineScriptHashes(await res.text());
      expect(res.headers.get('content-security-policy')).toContain(`script-src 'self' ${hashes.join(' ')};`);
    }
  });

  it('are on assets, the service worker and the API, errors included', async () => {
    await setup();
    for (const url of ['/assets/index-abc123.js', '/sw.js', '/api/site', '/api/account', '/api/no-such-route']) {
      const res = await t.request(url);
      expectCommonHeaders(res);
      expect(res.headers.get('content-security-policy')).not.toContain('sha256');
    }
  });

  it('keep the one-time codes of /auth pages out of the Referer', async () => {
    await setup();
    const res = await t.request('/auth/reset-password?token=secret');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('add HSTS when Quire is served over HTTPS', async () => {
    await setup({ publicUrl: 'https://quire.test' });
    for (const url of ['/', '/assets/index-abc123.js', '/api/site']) {
      const res = await t.request(url);
      expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d{8,}/);
      expect(res.headers.get('content-security-policy')).toContain("connect-src 'self' wss://quire.test");
    }
  });
});

describe('inlineScriptHashes', () => {
  it('hashes inline scripts exactly as browsers match them (MDN example)', () => {
    expect(inlineScriptHashes("<p><script>alert('Hello, world.');</script>")).toEqual(["'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='"]);
  });

  it('skips scripts loaded by URL and hashes each inline one', () => {
    const html = '<script type="module" src="/assets/a.js"></script><script>one()</script><SCRIPT type="text/javascript">two()</SCRIPT>';
    expect(inlineScriptHashes(html)).toHaveLength(2);
  });

  it("covers index.html's theme bootstrap, boot-failure fallback and the prerendered pages' entry loader", () => {
    expect(inlineScriptHashes(indexHtml)).toHaveLength(3);
  });
});
