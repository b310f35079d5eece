/** What the browser benchmarks and `npm run shots` share: the built app served by the real server on a fresh data directory with the demo seed. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

export interface BenchServer {
  origin: string;
  child: ChildProcess;
  /** From the spawn to the first answer of /__probe (demo seed included). */
  startMs: number;
  /** Stops the server and removes its data. */
  stop(): void;
}

export interface BenchServerOptions {
  /** The command that runs the server (default: server/main.ts through tsx, in this process's Node). */
  command?: string[];
  /** Another checkout to run the server from (bench:api's "before"); it serves this checkout's dist/. */
  cwd?: string;
}

/** `script` is the npm script that builds first, for the message when there is no build. */
export async function startBenchServer(port: number, name: string, script = `bench:${name}`, options: BenchServerOptions = {}): Promise<BenchServer> {
  if (!fs.existsSync('dist/index.html')) throw new Error(`No build in dist/. Run \`npm run build\` first (npm run ${script} does).`);
  const origin = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `quire-bench-${name}-`));
  const [command, ...args] = options.command ?? [process.execPath, '--import', 'tsx', 'server/main.ts'];
  const started = performance.now();
  const child = spawn(command!, args, {
    cwd: options.cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      CLIENT_DIR: path.resolve('dist'),
      QUIRE_DEMO: '1',
      QUIRE_RATE_LIMIT_SCALE: '100',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    child.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = started + 180_000; // a cold tsx start on a busy machine takes a minute
  while (performance.now() < deadline) {
    const ok = await fetch(`${origin}/__probe`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { origin, child, startMs: performance.now() - started, stop };
    await new Promise((r) => setTimeout(r, 50));
  }
  stop();
  throw new Error('The server did not start.');
}
