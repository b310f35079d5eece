/**
 * The one HTML e-mail layout (newsletters, and every other mail through transactional.ts): a
 * plain page no wider than 36em with inline styles only — mail clients drop <style> blocks and
 * external CSS — and a small grey footer under a rule. Callers pass HTML they built from escaped
 * text (sync/text/escape-html.ts).
 */

import { escapeHtml } from '../../sync/text/escape-html';

interface Layout {
  /** The document's <title> (the subject), as text. */
  title: string;
  /** The message, as HTML. */
  content: string;
  /** What comes under the rule (why it was sent, how to stop it), as HTML. */
  footer: string;
}

/** The one primary link of a mail, drawn as a button (inline style: mail clients drop classes). */
export const BUTTON_STYLE = 'display: inline-block; padding: 0.5em 1em; background: #1f3a5f; color: #ffffff; text-decoration: none; border-radius: 4px;';

export function htmlMail({ title, content, footer }: Layout): string {
  // The width and type sit on a wrapper too: some webmail drops the <body> element's style.
  return `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="font-family: Georgia, serif; line-height: 1.5; color: #1c1c1c; margin: 0; padding: 0;">
<div style="font-family: Georgia, serif; line-height: 1.5; color: #1c1c1c; max-width: 36em; margin: 0 auto; padding: 1em;">
${content}
<hr style="border: 0; border-top: 1px solid #ccc; margin: 1.5em 0 1em;">
<footer style="font-size: 0.85em; color: #555;">
${footer}
</footer>
</div>
</body></html>`;
}
