/**
 * `npm run test:pg`: the server's database-backed tests (every file that builds a test context)
 * again, on PostgreSQL — each test context on its own copy of a migrated template in a throwaway
 * cluster (server/test/postgres-global-setup.ts). Without PostgreSQL's binaries it says so and
 * passes: `npm test` calls it, and a bare clone without the Debian package must still go green.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { postgresBinDir } from '../server/test/postgres-server';

const root = path.resolve(import.meta.dirname, '..');

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return entry.name.endsWith('.test.ts') && fs.readFileSync(file, 'utf8').includes('buildTestContext') ? [path.relative(root, file)] : [];
  });
}

if (!postgresBinDir()) {
  console.log('test:pg: PostgreSQL is not installed (Debian: apt-get install postgresql), so the server tests did not run on it.');
  process.exit(0);
}
const files = [...testFiles(path.join(root, 'server')), ...process.argv.slice(2)];
console.log(`test:pg: ${files.length} server test files on PostgreSQL`);
const run = spawnSync('npx', ['vitest', 'run', ...files], { cwd: root, stdio: 'inherit', env: { ...process.env, QUIRE_TEST_DATABASE: 'postgres' } });
process.exit(run.status ?? 1);
