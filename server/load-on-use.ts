/**
 * Packages only some deployments or some work use — PostgreSQL (pg, pg-boss), Redis, S3, Word
 * import, the DOM that renders chapters — loaded the first time they are needed rather than at
 * start: each costs 10–30 MB of a server's idle memory (issue 11), and a default Quire on SQLite
 * uses none of the first four. A synchronous require serves the synchronous call sites too: for
 * CommonJS, and for ES modules without top-level await since Node 20.19.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A loader of `specifier`'s exports: the package is read on the first call, once. */
export function onUse<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(specifier) as T);
}
