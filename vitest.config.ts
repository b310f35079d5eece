import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'sync/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/lint/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Files share a worker's module cache: re-importing the server and RxDB for each of 147 files
    // was half the unit run (import 152 s of 297 s; 100 s in all without it). Tests restore what
    // they stub (unstubAll*, real timers) and build their own databases, so nothing leaks.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // `npm run test:pg`: the server's tests again, each test context on a PostgreSQL database.
    globalSetup: ['server/test/postgres-global-setup.ts'],
  },
});
