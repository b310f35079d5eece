/** Wire types of /api/dev (development pages: admins and development builds only). */
import { z } from 'zod';

export const MailOutboxQuery = z.object({
  /** Part of the recipient address, case-insensitive. */
  to: z.string().trim().max(320).optional(),
});

export interface OutboxMessage {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  status: 'queued' | 'sent' | 'stored' | 'failed';
  error: string | null;
  createdAt: number;
  sentAt: number | null;
}

/** GET /api/dev/mail?to= — newest first. */
export interface MailOutboxResponse {
  messages: OutboxMessage[];
}

export const DELIBERATE_FAILURE_MESSAGE = 'Deliberate server failure for testing';
