/**
 * A real S3-compatible server for tests: npm's `s3rver` (a development S3 on the file system, key
 * S3RVER/S3RVER), on a free loopback port with one bucket in a temp directory. The blob store's
 * tests run on it beside the protocol stand-in (s3-stand-in.ts), which also checks every
 * signature strictly and fakes what a real server will not do on demand (lost objects, errors).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../config';

export interface LocalS3 {
  config: S3Config;
  /** Whether the server holds an object under `key`, seen on its disk rather than through S3. */
  holds(key: string): boolean;
  close(): Promise<void>;
}

const BUCKET = 'quire-test';

export async function startS3rver(): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await server.run();
  return {
    config: { bucket: BUCKET, region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    // s3rver keeps an object's bytes at <bucket>/<key's folders>/<name>._S3rver_object.
    holds: (key) => fs.existsSync(path.join(directory, BUCKET, `${key}._S3rver_object`)),
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
