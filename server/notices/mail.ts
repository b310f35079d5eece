/**
 * A notice by e-mail: multipart, the plain text as before and the same words as HTML in the shared
 * layout (server/mail/html.ts). Everything in it that people wrote — the title, the text, the
 * person's name — is text, escaped; the link is a path on Quire (sitePath) put after PUBLIC_URL.
 */
import { BUTTON_STYLE, escapeHtml, htmlMail, textToHtml } from '../mail/html';

interface Notice {
  title: string;
  body: string;
  link: string | null;
}

export function renderNoticeMail(publicUrl: string, notice: Notice, displayName: string) {
  const url = notice.link ? `${publicUrl}${notice.link}` : null;
  const settings = `${publicUrl}/settings/notifications`;
  const message = notice.body || notice.title;
  const text = [
    `Hello ${displayName},`,
    '',
    message,
    ...(url ? ['', url] : []),
    '',
    '—',
    `You get notices from the Quire team by e-mail because of your notification settings: ${settings}`,
  ].join('\n');
  const html = htmlMail({
    title: notice.title,
    content: [
      `<h1 style="font-size: 1.4em; line-height: 1.25;">${escapeHtml(notice.title)}</h1>`,
      `<p>${escapeHtml(`Hello ${displayName},`)}</p>`,
      textToHtml(message),
      ...(url ? [`<p><a href="${escapeHtml(url)}" style="${BUTTON_STYLE}">Open on Quire</a></p>`] : []),
    ].join('\n'),
    footer: `<p>You get notices from the Quire team by e-mail because of your <a href="${escapeHtml(settings)}">notification settings</a>.</p>`,
  });
  return { subject: notice.title, text, html };
}
