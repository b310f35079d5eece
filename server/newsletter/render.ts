/**
 * A newsletter mail's body — Markdown (the welcome mail, issues written before the editor: as HTML
 * by markdown-it with raw HTML off, its link check refusing `javascript:`) or an issue's parts made
 * from the editor's HTML (body.ts) — with the footer the law and RFC 8058 ask for: who sent it,
 * the postal address, and a visible unsubscribe link (the same URL as the List-Unsubscribe header).
 */
import type MarkdownIt from 'markdown-it';
import { escapeHtml } from '../../sync/text/escape-html';
import { onUse } from '../load-on-use';
import { htmlMail } from '../mail/html';

const loadMarkdownIt = onUse<typeof MarkdownIt>('markdown-it');
let markdown: InstanceType<typeof MarkdownIt> | undefined;

export function markdownToHtml(body: string): string {
  markdown ??= new (loadMarkdownIt())({ html: false, linkify: true, breaks: false });
  return markdown.render(body);
}

interface Footer {
  newsletterName: string;
  postalAddress: string;
  /** The page with the unsubscribe button; null in a test send, which has no subscription. */
  unsubscribeUrl: string | null;
}

interface RenderedMail {
  text: string;
  html: string;
}

/** Markdown, or the text and HTML parts already made (an issue written in the editor). */
export function renderNewsletterMail(subject: string, body: string | RenderedMail, footer: Footer): RenderedMail {
  const parts = typeof body === 'string' ? { text: body.trim(), html: markdownToHtml(body) } : body;
  const why = `You get this because you subscribed to ${footer.newsletterName}.`;
  const leave = footer.unsubscribeUrl ? `Unsubscribe: ${footer.unsubscribeUrl}` : 'This is a test send: it has no unsubscribe link of its own.';
  const text = [parts.text, '', '--', why, leave, ...(footer.postalAddress ? [footer.postalAddress] : [])].join('\n');
  const html = htmlMail({
    title: subject,
    content: parts.html,
    footer: [
      `<p>${escapeHtml(why)}</p>`,
      `<p>${footer.unsubscribeUrl ? `<a href="${escapeHtml(footer.unsubscribeUrl)}">Unsubscribe</a>` : escapeHtml(leave)}</p>`,
      ...(footer.postalAddress ? [`<p style="white-space: pre-line;">${escapeHtml(footer.postalAddress)}</p>`] : []),
    ].join('\n'),
  });
  return { text, html };
}
