/**
 * sharp (libvips) for every image the server reads or writes, loaded with the first image rather
 * than at start: it is about 25 MB of a server's idle memory (server/load-on-use.ts).
 */
import type SharpModule from 'sharp';
import type { Sharp } from 'sharp';
import { onUse } from '../load-on-use';

const load = onUse<typeof SharpModule>('sharp');
let configured = false;

export function sharp(...args: Parameters<typeof SharpModule>): Sharp {
  const make = load();
  if (!configured) {
    // Image jobs run in the HTTP server's process: one libvips thread leaves the other core to requests.
    make.concurrency(1);
    // libvips keeps up to 50 MB of recent operations; every image here is made once and stored.
    make.cache(false);
    configured = true;
  }
  return make(...args);
}
