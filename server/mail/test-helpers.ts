/** For the tests of features that send mail: was it sent as text + HTML, with its link in both? */
import { expect } from 'vitest';
import { escapeHtml } from '../../sync/text/escape-html';

interface OutboxRow {
  textBody: string;
  htmlBody: string | null;
}

/**
 * `mail` is multipart: a text part holding `link` (an exact URL, or a pattern for one with a fresh
 * code in it) and an HTML part in the shared layout holding the same URL as a link. Returns the URL.
 */
export function expectMultipart(mail: OutboxRow | undefined, link: string | RegExp): string {
  expect(mail, 'no such mail was sent').toBeDefined();
  const url = typeof link === 'string' ? (mail!.textBody.includes(link) ? link : undefined) : link.exec(mail!.textBody)?.[0];
  expect(url, `the text part has no link ${String(link)}:\n${mail!.textBody}`).toBeDefined();
  expect(mail!.htmlBody, 'the mail has no HTML part').toMatch(/^<!doctype html>/);
  expect(mail!.htmlBody).toContain(`href="${escapeHtml(url!)}"`);
  return url!;
}
