/**
 * Parse request input with the zod schemas of sync/. Malformed JSON is 400; a body that parses
 * but breaks a rule is 422 with a message per field, ready to show next to it.
 */
import type { Context } from 'hono';
import { safeParse } from 'zod/mini';
import type { $ZodError, $ZodType, output } from 'zod/v4/core';
import { MAX_JSON_BODY_BYTES } from '../limits';
import { ApiError, badRequest, invalid } from './errors';

export function fieldErrors(error: $ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function parseWith<S extends $ZodType>(schema: S, value: unknown): output<S> {
  const result = safeParse(schema, value);
  if (!result.success) {
    const fields = fieldErrors(result.error);
    throw invalid(Object.values(fields)[0] ?? 'Please check the form.', fields);
  }
  return result.data;
}

export async function readJson<S extends $ZodType>(c: Context, schema: S): Promise<output<S>> {
  const length = Number(c.req.header('content-length') ?? 0);
  if (length > MAX_JSON_BODY_BYTES) throw new ApiError(413, 'payload_too_large', 'The request is too large.');
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    throw badRequest('The request body could not be read.');
  }
  if (text.length > MAX_JSON_BODY_BYTES) throw new ApiError(413, 'payload_too_large', 'The request is too large.');
  let body: unknown;
  try {
    body = text === '' ? {} : JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  return parseWith(schema, body);
}

/** Query-string input, parsed the same way. */
export function readQuery<S extends $ZodType>(c: Context, schema: S): output<S> {
  return parseWith(schema, c.req.query());
}
