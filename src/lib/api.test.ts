import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { endpoint } from '../../sync/api/contract';
import { ApiRequestError, call } from './api';

const getThing = endpoint({ method: 'GET', path: '/api/things/:id', query: z.object({ q: z.optional(z.string()) }), response: z.object({ name: z.string() }) });
const makeThing = endpoint({ method: 'POST', path: '/api/things', body: z.object({ name: z.string() }), response: z.object({ id: z.string() }), status: 201 });

function answer(status: number, body: unknown) {
  const fetch = vi.fn(
    async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('call', () => {
  it('builds the URL from encoded params and the non-empty query', async () => {
    const fetch = answer(200, { name: 'Ishmael' });
    await expect(call(getThing, { params: { id: 'a/b c' }, query: { q: 'whale' } })).resolves.toEqual({ name: 'Ishmael' });
    expect(fetch.mock.calls[0]![0]).toBe('/api/things/a%2Fb%20c?q=whale');
    await call(getThing, { params: { id: 'x' }, query: {} });
    expect(fetch.mock.calls[1]![0]).toBe('/api/things/x');
  });

  it('sends the body as JSON', async () => {
    const fetch = answer(201, { id: 'new' });
    await expect(call(makeThing, { body: { name: 'Queequeg' } })).resolves.toEqual({ id: 'new' });
    const init = fetch.mock.calls[0]![1]!;
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ name: 'Queequeg' });
  });

  it('refuses an answer that does not match the contract', async () => {
    answer(200, { title: 'not a name' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = await call(getThing, { params: { id: 'x' } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect((failure as ApiRequestError).message).toMatch(/does not understand/);
  });

  it('keeps the server error shape', async () => {
    answer(404, { error: { code: 'not_found', message: 'No such thing.' } });
    const failure = (await call(getThing, { params: { id: 'x' } }).catch((e: unknown) => e)) as ApiRequestError;
    expect([failure.status, failure.code, failure.message]).toEqual([404, 'not_found', 'No such thing.']);
  });

  it('makes a missing param or a wrong body a type error', () => {
    // Compile-time only: the calls are never run.
    const typeChecks = () => {
      // @ts-expect-error params are required when the path has them
      void call(getThing);
      // @ts-expect-error the body must match the endpoint's schema
      void call(makeThing, { body: { title: 'x' } });
    };
    expect(typeChecks).toBeTypeOf('function');
  });
});
