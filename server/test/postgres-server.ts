/**
 * A throwaway PostgreSQL cluster for tests: `initdb` in a temp dir, `postgres` on a free loopback
 * port with durability off (a test database never outlives its run), stopped and removed
 * afterwards. Debian's `postgresql` package provides the binaries (.ci/run installs it); without
 * them `postgresBinDir()` is null and the PostgreSQL tests say they did not run.
 *
 * PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres` account the
 * package creates.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './redis-server';

export function postgresBinDir(): string | null {
  const candidates = [process.env.PG_BIN_DIR, ...listVersions('/usr/lib/postgresql').map((v) => `/usr/lib/postgresql/${v}/bin`)];
  return candidates.find((dir) => dir && fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'postgres'))) ?? null;
}

function listVersions(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).sort((a, b) => Number(b) - Number(a));
}

const asRoot = process.getuid?.() === 0;

/** The command line, run as `postgres` when this process is root (setpriv execs, so signals reach postgres itself). */
function asClusterOwner(binary: string, args: string[]): [string, string[]] {
  return asRoot ? ['setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', binary, ...args]] : [binary, args];
}

/** @public (used by postgres-global-setup.ts, which vitest loads by name; knip does not follow it) */
export interface TestPostgres {
  /** postgres://… of the cluster's `postgres` database (create your own databases in it). */
  url: string;
  /** The URL of another database in the same cluster. */
  urlOf(database: string): string;
  stop(): Promise<void>;
}

async function waitUntilReady(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`postgres exited with ${child.exitCode}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error('postgres did not accept connections');
}

/** @public (see TestPostgres) */
export async function startTestPostgres(): Promise<TestPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed (Debian: apt-get install postgresql)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-pg-'));
  const data = path.join(dir, 'data');
  if (asRoot) fs.chownSync(dir, ...ownerIds());
  const [initdb, initArgs] = asClusterOwner(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'quire',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  const init = spawnSync(initdb, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const port = await freePort();
  const settings = [
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=300',
  ];
  const [postgres, args] = asClusterOwner(path.join(bin, 'postgres'), ['-D', data, ...settings]);
  const child = spawn(postgres, args, { stdio: 'ignore' });
  const urlOf = (database: string) => `postgres://quire@127.0.0.1:${port}/${database}`;
  await waitUntilReady(urlOf('postgres'), child);
  return {
    url: urlOf('postgres'),
    urlOf,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        // SIGINT is PostgreSQL's "fast" shutdown: open sessions are ended, not waited for.
        child.kill('SIGINT');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function ownerIds(): [number, number] {
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return [id('-u'), id('-g')];
}
