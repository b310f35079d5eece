/**
 * A notice by e-mail: multipart, through the one renderer of account and notification mails
 * (server/mail/transactional.ts). Everything in it that people wrote — the title, the text, the
 * person's name — is text, escaped in the HTML part; the link is a path on Quire (sitePath) put
 * after PUBLIC_URL.
 */
import { renderMail } from '../mail/transactional';

interface Notice {
  title: string;
  body: string;
  link: string | null;
}

export function renderNoticeMail(publicUrl: string, notice: Notice, displayName: string) {
  return renderMail(publicUrl, {
    subject: notice.title,
    paragraphs: [`Hello ${displayName},`, notice.body || notice.title],
    action: notice.link ? { label: 'Open on Quire', url: `${publicUrl}${notice.link}` } : undefined,
    footer: `You get notices from the Quire team by e-mail because of your notification settings: ${publicUrl}/settings/notifications`,
  });
}
