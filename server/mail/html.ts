/**
 * The one HTML e-mail layout (newsletters, notices): a plain page with inline styles only — mail
 * clients drop <style> blocks and external CSS — and a small grey footer under a rule. Callers
 * pass HTML they built from escaped text; escapeHtml is the one escape for attribute and text.
 */

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Plain text as HTML paragraphs: a blank line starts a paragraph, a single new line breaks one. */
export function textToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>\n')}</p>`)
    .join('\n');
}

interface Layout {
  /** The document's <title> (the subject), as text. */
  title: string;
  /** The message, as HTML. */
  content: string;
  /** What comes under the rule (why it was sent, how to stop it), as HTML. */
  footer: string;
}

export function htmlMail({ title, content, footer }: Layout): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family: Georgia, serif; line-height: 1.5; max-width: 36em; margin: 0 auto; padding: 1em;">
${content}
<hr>
<footer style="font-size: 0.85em; color: #555;">
${footer}
</footer>
</body></html>`;
}
