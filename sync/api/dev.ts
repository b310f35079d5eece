/** Wire types of /api/dev (development pages: admins and development builds only). */
import { z } from 'zod';
import * as zm from 'zod/mini';
import { endpoint } from './contract';

export const MailOutboxQuery = z.object({
  /** Part of the recipient address, case-insensitive. */
  to: z.string().trim().max(320).optional(),
});

const OutboxMessageSchema = zm.object({
  id: zm.string(),
  to: zm.string(),
  from: zm.string(),
  subject: zm.string(),
  text: zm.string(),
  /** The HTML part, when the mail is multipart (every mail Quire sends now is). */
  html: zm.nullable(zm.string()),
  /** Extra headers (a newsletter's List-Unsubscribe and List-Unsubscribe-Post). */
  headers: zm.record(zm.string(), zm.string()),
  status: zm.enum(['queued', 'sent', 'stored', 'failed']),
  error: zm.nullable(zm.string()),
  createdAt: zm.number(),
  sentAt: zm.nullable(zm.number()),
});
export type OutboxMessage = zm.infer<typeof OutboxMessageSchema>;

/** Newest first. */
export const listMailOutbox = endpoint({
  method: 'GET',
  path: '/api/dev/mail',
  query: MailOutboxQuery,
  response: zm.object({ messages: zm.array(OutboxMessageSchema) }),
});
export type MailOutboxResponse = zm.infer<typeof listMailOutbox.response>;

export const DELIBERATE_FAILURE_MESSAGE = 'Deliberate server failure for testing';
/** Always fails with a 500 and a digest; it never answers. */
export const triggerFailure = endpoint({ method: 'GET', path: '/api/dev/failure', response: zm.never() });

/**
 * Publish a short generated book credited to an account, through the same save as every book
 * (so its authors' followers hear of it): journeys and demos that need a new book in the store.
 */
export const publishSampleBook = endpoint({
  method: 'POST',
  path: '/api/dev/books',
  body: zm.object({ authorId: zm.string().check(zm.minLength(1), zm.maxLength(64)), title: zm.string().check(zm.trim(), zm.minLength(1), zm.maxLength(200)) }),
  response: zm.object({ id: zm.string() }),
  status: 201,
});
