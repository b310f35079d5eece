/**
 * docs/deploy (issue 15): the compose file, its Caddyfile and the Dockerfile cannot be run here (no
 * container engine, no registry), so this checks that they agree with the code they deploy: every
 * setting is one the server reads and means what the file intends, the proxy reaches both
 * instances on the port they listen on and health-checks a path the server answers, and the image
 * starts the file the build writes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from './config';
import { buildTestContext, type TestContext } from './test/test-context';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: { test: string[] };
}
// `<<: *quire-env` is a YAML merge key, as Compose reads it.
const compose = parse(read('docs/deploy/compose.yml'), { merge: true }) as { services: Record<string, Service>; volumes: Record<string, unknown> };
const { postgres, redis, proxy } = compose.services;
const instances = { a: compose.services['quire-a']!, b: compose.services['quire-b']! };
const dockerfile = read('docs/deploy/Dockerfile');
/** The image's `ENV KEY=value …` settings. */
const imageEnv = Object.fromEntries(
  [...dockerfile.matchAll(/^ENV (.+)$/gm)].flatMap((m) => m[1]!.split(/\s+/).map((pair) => pair.split('=') as [string, string])),
);

let t: TestContext | undefined;
afterEach(async () => t?.close());

describe('docs/deploy', () => {
  it('runs two instances with settings the server reads: PostgreSQL and Redis of the compose file, behind the proxy, one seeding', () => {
    const known = new Set([...read('server/config.ts').matchAll(/env\.([A-Z0-9_]+)/g)].map((m) => m[1]));
    for (const [name, service] of Object.entries(instances)) {
      expect(service.build, name).toEqual({ context: '../..', dockerfile: 'docs/deploy/Dockerfile' });
      expect(
        Object.keys(service.environment!).filter((key) => !known.has(key)),
        `${name}: settings nothing reads`,
      ).toEqual([]);
      const config = loadConfig({ ...imageEnv, ...service.environment });
      const database = new URL(config.databaseUrl!);
      expect([database.hostname, database.port, database.username, database.password, database.pathname]).toEqual([
        'postgres',
        '5432',
        postgres!.environment!.POSTGRES_USER,
        postgres!.environment!.POSTGRES_PASSWORD,
        `/${postgres!.environment!.POSTGRES_DB}`,
      ]);
      expect(new URL(config.redisUrl!).host).toBe('redis:6379');
      expect(redis!.image).toMatch(/^redis:/);
      expect(config.trustProxy).toBe(true);
      // The address people open is the proxy's published port.
      expect(new URL(config.publicUrl).port).toBe(proxy!.ports![0]!.split(':')[0]);
      // File bytes on one volume both instances mount where the image keeps its data.
      expect(service.volumes).toContain(`data:${config.dataDir}`);
    }
    expect([loadConfig({ ...imageEnv, ...instances.a.environment }).demo, loadConfig({ ...imageEnv, ...instances.b.environment }).demo]).toEqual([true, false]);
    expect(instances.b.depends_on).toMatchObject({ 'quire-a': { condition: 'service_healthy' } });
    expect(Object.keys(compose.volumes).sort()).toEqual(['data', 'pgdata']);
  });

  it("sends the proxy to both instances' port and health-checks /__probe, which the server answers", async () => {
    const port = loadConfig(imageEnv).port;
    const caddyfile = read('docs/deploy/Caddyfile');
    const upstreams = /reverse_proxy\s+([^{]+)\{/.exec(caddyfile)![1]!.trim().split(/\s+/);
    expect(upstreams.sort()).toEqual([`quire-a:${port}`, `quire-b:${port}`]);
    expect(caddyfile).toMatch(/health_uri \/__probe\b/);
    expect(proxy!.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
    for (const service of Object.values(instances)) expect(service.healthcheck!.test.join(' ')).toContain(`http://127.0.0.1:${port}/__probe`);
    expect(dockerfile).toMatch(new RegExp(`^EXPOSE ${port}$`, 'm'));
    // The probe answers with the database's health (a test context runs no job worker loop, so it
    // reports "degraded" here; a started server with its worker answers 200).
    t = await buildTestContext();
    const probe = (await (await t.request('/__probe')).json()) as { database: { ok: boolean } };
    expect(probe.database.ok).toBe(true);
  });

  it('builds the image as the repository builds and starts the file the build writes, with the tools exports use', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    const outfile = /--outfile=(\S+)/.exec(scripts['build:server']!)![1]!;
    expect(dockerfile).toMatch(/^RUN npm ci\b/m);
    expect(dockerfile).toMatch(/^RUN npm run build$/m);
    expect(JSON.parse(/^CMD (.+)$/m.exec(dockerfile)![1]!)).toEqual(['node', '--enable-source-maps', outfile]);
    const packages = /apt-get install -y --no-install-recommends ([^&]+)&&/.exec(dockerfile)![1]!.trim().split(/\s+/);
    expect(packages).toEqual(expect.arrayContaining(['epubcheck', 'chromium']));
  });
});
