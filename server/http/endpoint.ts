/**
 * Registers a handler for an endpoint of the typed API (sync/api/contract.ts) on a feature
 * router: the query and body are parsed with the endpoint's schemas (422 with field messages,
 * 413 past the size cap) and the handler must return the endpoint's response shape. Under tests
 * the answer is also checked against the response schema, so a handler cannot drift from what the
 * client parses.
 */
import type { Context, Hono } from 'hono';
import { safeParse } from 'zod/mini';
import type { BodyOf, Endpoint, HandlerResult, QueryOf } from '../../sync/api/contract';
import type { AppEnv } from '../context';
import { parseWith, readJson } from './validate';

export interface EndpointInput<E extends Endpoint> {
  params: Record<string, string>;
  query: QueryOf<E>;
  body: BodyOf<E>;
}

/** Under tests every answer is checked against its endpoint's response schema. */
export const CHECK_ANSWERS = process.env.VITEST !== undefined || process.env.NODE_ENV === 'test';

/** `router` is mounted at `prefix` (e.g. '/api/lists'); the endpoint's path starts with it. */
export function on<E extends Endpoint>(
  router: Hono<AppEnv>,
  prefix: string,
  endpoint: E,
  handler: (c: Context<AppEnv>, input: EndpointInput<E>) => Promise<HandlerResult<E>> | HandlerResult<E>,
) {
  if (!endpoint.path.startsWith(prefix)) throw new Error(`${endpoint.path} is not under ${prefix}`);
  const path = endpoint.path.slice(prefix.length) || '/';
  router.on(endpoint.method, path, async (c) => {
    const query = (endpoint.query ? parseWith(endpoint.query, c.req.query()) : undefined) as QueryOf<E>;
    const body = (endpoint.body ? await readJson(c, endpoint.body) : undefined) as BodyOf<E>;
    const result = await handler(c, { params: c.req.param() as Record<string, string>, query, body });
    if (CHECK_ANSWERS) {
      const checked = safeParse(endpoint.response, result);
      if (!checked.success) throw new Error(`${endpoint.method} ${endpoint.path} answered outside its contract: ${JSON.stringify(checked.error.issues)}`);
    }
    if (endpoint.status === 204) return c.body(null, 204);
    // With its length, so compress() leaves answers under 1 KiB alone instead of rebuilding them
    // (it adds Vary through c.header(), which copies a finished response), and they go out in one write.
    const text = JSON.stringify(result);
    c.header('Content-Type', 'application/json');
    c.header('Content-Length', String(Buffer.byteLength(text)));
    return c.body(text, endpoint.status ?? 200);
  });
  return router;
}
