/**
 * The typed API: each endpoint is declared once here in sync/ — method, path, query and body
 * schemas, and the response schema — and both sides use the declaration: the server registers its
 * handler from it (server/http/endpoint.ts: input validated, output typed) and the client calls it
 * through `call()` (src/lib/api.ts; uploads with progress through src/lib/upload.ts), which builds the URL from typed params and parses the answer.
 * A wrong path, a missing param or a changed shape is a type error on both sides.
 *
 * Response schemas are written with `zod/mini` so parsing answers costs the first load a few KiB,
 * not the whole of classic zod; request schemas may be either (both are zod's core types).
 */
import type { $ZodType, input, output } from 'zod/v4/core';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint<P extends string = string> {
  method: Method;
  /** Full path, with `:name` segments for params. */
  path: P;
  /** The query string's fields (values arrive as strings). */
  query?: $ZodType;
  /** The JSON body. */
  body?: $ZodType;
  response: $ZodType;
  /** Success status when not 200: 201 for a create, 202 for accepted work (a mail to send), 204 (and a `z.undefined()` response) for no content. */
  status?: 200 | 201 | 202 | 204;
}

export function endpoint<const P extends string, const E extends Endpoint<P>>(definition: E & { path: P }): E {
  return definition;
}

/** `/api/lists/:id` → `{ id: string }`. */
type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<Rest>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

/** Absent when the endpoint takes none; optional when every field of it is. */
type Field<K extends string, T> = [T] extends [undefined] ? { [_ in K]?: undefined } : Record<never, never> extends T ? { [_ in K]?: T } : { [_ in K]: T };

/** What a caller passes: params when the path has them, query and body when the endpoint takes them. */
type CallInput<E extends Endpoint> = (keyof PathParams<E['path']> extends never ? { params?: undefined } : { params: PathParams<E['path']> }) &
  Field<'query', E['query'] extends $ZodType ? input<E['query']> : undefined> &
  Field<'body', E['body'] extends $ZodType ? input<E['body']> : undefined> & {
    /** Cancels the request (a search superseded by the next keystroke). */
    signal?: AbortSignal;
  };

/** The arguments of `call(endpoint, …)`: the input may be left out when nothing in it is required. */
export type CallArgs<E extends Endpoint> = Record<never, never> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/** The parsed answer. */
export type ResponseOf<E extends Endpoint> = output<E['response']>;
/** What a handler may return: the schema's input (defaults may be left out). */
export type HandlerResult<E extends Endpoint> = input<E['response']>;
/** The validated body and query a handler receives. */
export type BodyOf<E extends Endpoint> = E['body'] extends $ZodType ? output<E['body']> : undefined;
export type QueryOf<E extends Endpoint> = E['query'] extends $ZodType ? output<E['query']> : undefined;

/** The path with its params filled in, each encoded as one segment. */
export function fillPath(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path param ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

/** A query string from the fields that have a value ('' and undefined are left out). */
export function toSearch(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  const s = search.toString();
  return s ? `?${s}` : '';
}
