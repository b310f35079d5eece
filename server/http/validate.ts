/**
 * Parse request input with the zod schemas of sync/. Malformed JSON is 400; a body that parses
 * but breaks a rule is 422 with a message per field, ready to show next to it.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { MAX_JSON_BODY_BYTES } from '../limits';
import { ApiError, badRequest, invalid } from './errors';

export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const fields = fieldErrors(result.error);
    throw invalid(Object.values(fields)[0] ?? 'Please check the form.', fields);
  }
  return result.data;
}

export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
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
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return parseWith(schema, c.req.query());
}
