/**
 * Journeys in real Chromium (Debian's /usr/bin/chromium; browsers cannot be downloaded here)
 * against the built app served by the real server on a fresh data directory.
 */
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const dataDir = path.join(os.tmpdir(), `quire-e2e-${process.env.E2E_RUN_ID ?? process.ppid}`);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // No retries, on CI too: a journey that fails once has found a bug (in the product or the test).
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Journeys that time what a reader gets (tagged @timed) run after the rest, on cores no other
  // journey is using: on two shared cores a parallel journey's work doubled a first page's time.
  // A dependency runs whole whatever the command line names: `--no-deps` runs just the files named.
  projects: [
    { name: 'journeys', grepInvert: /@timed/ },
    { name: 'timed', grep: /@timed/, dependencies: ['journeys'] },
  ],
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // No traces: recording them took a third of the suite's time on two cores, and CI keeps only
    // what the run prints. A failure still leaves its screenshot and the error's call log.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && tsx server/main.ts`,
    url: `http://localhost:${PORT}/__probe`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${PORT}`,
      QUIRE_DEMO: '1',
      // Every journey signs in from 127.0.0.1; the per-IP limits are tested in the API tests.
      QUIRE_RATE_LIMIT_SCALE: '100',
      // The one job worker runs a job at a time: a JVM per submission (tens of seconds on busy CI
      // cores) would hold back the sign-in mails other journeys wait for. The unit tests run it.
      QUIRE_EPUBCHECK: '0',
    },
  },
});
