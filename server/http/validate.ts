/**
 * Parse request input with the zod schemas of sync/. Malformed JSON is 400; a body that parses
 * but breaks a rule is 422 with a message per field, ready to show next to it.
 */
import type { Context } from 'hono';
import { safeParse } from 'zod/mini';
import type { $ZodError, $ZodType, output } from 'zod/v4/core';
import { badRequest, invalid } from './errors';

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

/** The body is already capped while it streamed in (limitBodies in body-limit.ts). */
export async function readJson<S extends $ZodType>(c: Context, schema: S): Promise<output<S>> {
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    throw badRequest('The request body could not be read.');
  }
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
