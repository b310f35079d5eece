/** What the browser benchmarks and `npm run shots` share: the built app served by the real server on a fresh data directory with the demo seed. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface BenchServer {
  origin: string;
  child: ChildProcess;
  /** Stops the server and removes its data. */
  stop(): void;
}

/** `script` is the npm script that builds first, for the message when there is no build. */
export async function startBenchServer(port: number, name: string, script = `bench:${name}`): Promise<BenchServer> {
  if (!fs.existsSync('dist/index.html')) throw new Error(`No build in dist/. Run \`npm run build\` first (npm run ${script} does).`);
  const origin = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `quire-bench-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
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
  for (let i = 0; i < 120; i++) {
    const ok = await fetch(`${origin}/__probe`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { origin, child, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error('The server did not start.');
}
