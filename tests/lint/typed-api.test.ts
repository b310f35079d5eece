/**
 * The client names no API path itself: every call goes through an endpoint declared in sync/api/
 * (call(), callCached(), uploadWithProgress(), fillPath()), so a wrong path or shape is a type
 * error. Two files are exempt, each for a reason: the service worker routes requests by URL
 * pattern, and the failure reporter runs in the first load without the endpoint's classic zod.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const EXEMPT = new Set(['src/sw.ts', 'src/lib/error-reporting.ts']);
const API_PATH = /['"`]\/api\//;

function clientSources(dir = 'src'): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return clientSources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('the typed API', () => {
  it('is the only way the client names an /api path', () => {
    const hits = clientSources()
      .filter((file) => !EXEMPT.has(file))
      .flatMap((file) =>
        fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) => (API_PATH.test(line) && !/^\s*(\*|\/\/)/.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(hits).toEqual([]);
  });
});
