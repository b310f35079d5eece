/**
 * Parse request input with the zod schemas of sync/. Malformed JSON is 400; a body that parses
 * but breaks a rule is 422 with a message per field, ready to show next to it.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest, invalid } from './errors';

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

/** The body is already capped while it streamed in (limitBodies in body-limit.ts). */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
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
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return parseWith(schema, c.req.query());
}
