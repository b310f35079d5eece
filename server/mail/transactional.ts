/**
 * Every e-mail Quire sends to one person about their account or their work (sign-in links,
 * resets, invitations, notifications …) has one shape: a title, paragraphs, at most one primary
 * link drawn as a button, more paragraphs, and a footer. renderMail turns that shape into the
 * plain text part and the HTML part of one multipart message, in the shared layout of
 * server/mail/html.ts (decision 064).
 *
 * - The text part is the words joined by blank lines, the link on a line of its own, then the
 *   footer under "—": what these mails always said, so links stay where people and tests find them.
 * - The HTML part escapes everything (names, titles, notes are text people wrote); the only links
 *   in it are the button and the Quire links written in the words, all under PUBLIC_URL. Any other
 *   URL in the words stays text, as it does in the text part. Styles are inline, there are no
 *   images, and the page is no wider than the layout's max width.
 */
import { escapeHtml } from '../../sync/text/escape-html';
import { BUTTON_STYLE, htmlMail } from './html';

interface MailAction {
  /** The button's words, e.g. "Confirm your e-mail". */
  label: string;
  /** Absolute, under PUBLIC_URL. */
  url: string;
}

export interface TransactionalMail {
  subject: string;
  /** The HTML part's heading; the subject when left out. The text part has no heading. */
  heading?: string;
  /** Before the button; the greeting is the first. A blank line inside one starts a new paragraph. */
  paragraphs: string[];
  action?: MailAction;
  /** After the button. */
  after?: string[];
  /** Why this mail was sent, under a rule. */
  footer?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
/** Punctuation that ends the sentence around a URL rather than the URL itself. */
const TRAILING = /[.,;:!?)\]}]+$/;

function isOwnLink(publicUrl: string, url: string): boolean {
  return url === publicUrl || url.startsWith(`${publicUrl}/`) || url.startsWith(`${publicUrl}?`);
}

function link(url: string): string {
  return `<a href="${escapeHtml(url)}" style="color: #1f3a5f;">${escapeHtml(url)}</a>`;
}

/** One block of text as escaped HTML: Quire's own links become links, single new lines break. */
function inlineHtml(publicUrl: string, text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const href = match[0].slice(0, match[0].length - (TRAILING.exec(match[0])?.[0].length ?? 0));
    if (!isOwnLink(publicUrl, href)) continue;
    html += escapeHtml(text.slice(last, match.index)) + link(href);
    last = match.index + href.length;
  }
  return (html + escapeHtml(text.slice(last))).replace(/\n/g, '<br>\n');
}

function paragraphsHtml(publicUrl: string, blocks: string[]): string[] {
  return blocks
    .flatMap((block) => block.split(/\n{2,}/))
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${inlineHtml(publicUrl, p)}</p>`);
}

export function renderMail(publicUrl: string, mail: TransactionalMail): RenderedMail {
  const { subject, paragraphs, action, after = [], footer } = mail;
  if (action && !isOwnLink(publicUrl, action.url)) throw new Error(`A mail's button must link under ${publicUrl}, not to ${action.url}`);
  const words = [...paragraphs, ...(action ? [action.url] : []), ...after].filter((block) => block.trim() !== '');
  const text = words.join('\n\n') + (footer ? `\n\n—\n${footer}` : '');

  const home = escapeHtml(publicUrl);
  const button = action
    ? [
        `<p style="margin: 1.5em 0;"><a href="${escapeHtml(action.url)}" style="${BUTTON_STYLE}">${escapeHtml(action.label)}</a></p>`,
        `<p style="margin: 0 0 1em; font-size: 0.85em; color: #555; overflow-wrap: anywhere; word-break: break-all;">If the button does not work, open this link: ${link(action.url)}</p>`,
      ]
    : [];
  const html = htmlMail({
    title: subject,
    content: [
      `<p style="margin: 0 0 1.5em; font-size: 1.2em; font-weight: bold;"><a href="${home}" style="color: #1f3a5f; text-decoration: none;">Quire</a></p>`,
      `<h1 style="font-size: 1.4em; line-height: 1.25; margin: 0 0 1em;">${escapeHtml(mail.heading ?? subject)}</h1>`,
      ...paragraphsHtml(publicUrl, paragraphs),
      ...button,
      ...paragraphsHtml(publicUrl, after),
    ].join('\n'),
    footer: [
      ...(footer ? paragraphsHtml(publicUrl, [footer]) : []),
      `<p style="margin: 0;">Quire · <a href="${home}" style="color: #555;">${escapeHtml(publicUrl.replace(/^https?:\/\//, ''))}</a></p>`,
    ].join('\n'),
  });
  return { subject, text, html };
}
