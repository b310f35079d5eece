/** The one way account and notification mails are written: the same words as text and as escaped HTML. */
import { describe, expect, it } from 'vitest';
import { renderMail } from './transactional';

const SITE = 'https://quire.example';
const HOSTILE = '<img src=x onerror=alert(1)>';

describe('renderMail', () => {
  it('writes the text part as the words, the link on its own line and the footer under a dash', () => {
    const mail = renderMail(SITE, {
      subject: 'Reset your Quire password',
      heading: 'Reset your password',
      paragraphs: ['Hello Ann,', 'Choose a new one here:'],
      action: { label: 'Choose a new password', url: `${SITE}/auth/callback?code=a.b` },
      after: ['The link works once.'],
      footer: `You get this e-mail because of your notification settings: ${SITE}/settings/notifications`,
    });
    expect(mail.subject).toBe('Reset your Quire password');
    expect(mail.text).toBe(
      `Hello Ann,\n\nChoose a new one here:\n\n${SITE}/auth/callback?code=a.b\n\nThe link works once.\n\n—\n` +
        `You get this e-mail because of your notification settings: ${SITE}/settings/notifications`,
    );
  });

  it('writes the HTML part in the shared layout: heading, paragraphs, one button, footer, inline styles only', () => {
    const mail = renderMail(SITE, {
      subject: 'Reset your Quire password',
      heading: 'Reset your password',
      paragraphs: ['Hello Ann,', 'Choose a new one here:'],
      action: { label: 'Choose a new password', url: `${SITE}/auth/callback?code=a.b&c=d` },
      after: ['The link works once.'],
      footer: 'Why you get this.',
    });
    expect(mail.html).toMatch(/^<!doctype html>/);
    expect(mail.html).toContain('<title>Reset your Quire password</title>');
    expect(mail.html).toMatch(/<h1 style="[^"]+">Reset your password<\/h1>/);
    expect(mail.html).toContain('<p>Hello Ann,</p>');
    // The button: the link's & escaped in the attribute, as HTML wants it.
    expect(mail.html).toMatch(
      /<a href="https:\/\/quire\.example\/auth\/callback\?code=a\.b&amp;c=d" style="display: inline-block;[^"]*">Choose a new password<\/a>/,
    );
    expect(mail.html.indexOf('Choose a new one here:')).toBeLessThan(mail.html.indexOf('Choose a new password</a>'));
    expect(mail.html.indexOf('Choose a new password</a>')).toBeLessThan(mail.html.indexOf('The link works once.'));
    expect(mail.html).toMatch(/<footer[^>]*>[\s\S]*Why you get this\.[\s\S]*<\/footer>/);
    expect(mail.html).toContain('max-width: 36em');
    // Mail clients drop style sheets and many block images: neither is used.
    expect(mail.html).not.toMatch(/<style|<link|<img|class=/);
    // Every link is absolute and under the public URL.
    const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
    expect(hrefs.length).toBeGreaterThan(2);
    for (const href of hrefs) expect(href.startsWith(SITE)).toBe(true);
  });

  it('escapes every value people wrote, in the title, heading, words, button and footer', () => {
    const mail = renderMail(SITE, {
      subject: `Invitation from ${HOSTILE}`,
      paragraphs: [`Hello ${HOSTILE},`, `A note: "quoted" & <b>bold</b>\nsecond line`],
      action: { label: `Open ${HOSTILE}`, url: `${SITE}/x?name="><script>alert(1)</script>` },
      after: [HOSTILE],
      footer: HOSTILE,
    });
    expect(mail.html).not.toMatch(/<img|<script|<b>/);
    expect(mail.html).toContain('<title>Invitation from &lt;img src=x onerror=alert(1)&gt;</title>');
    expect(mail.html).toContain('Invitation from &lt;img src=x onerror=alert(1)&gt;</h1>');
    expect(mail.html).toContain('Hello &lt;img src=x onerror=alert(1)&gt;,</p>');
    expect(mail.html).toContain('A note: &quot;quoted&quot; &amp; &lt;b&gt;bold&lt;/b&gt;<br>\nsecond line</p>');
    expect(mail.html).toContain('>Open &lt;img src=x onerror=alert(1)&gt;</a>');
    expect(mail.html).toContain('href="https://quire.example/x?name=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    // The text part is text: nothing escaped there.
    expect(mail.text).toContain(`Hello ${HOSTILE},`);
  });

  it('links Quire URLs written in the words, and leaves any other URL as text', () => {
    const mail = renderMail(SITE, {
      subject: 'Hi',
      paragraphs: [`Reset it at ${SITE}/auth/reset-password. Or see https://evil.example/x and ${SITE}.evil.example/y.`],
    });
    expect(mail.html).toContain(`at <a href="${SITE}/auth/reset-password" style="color: #1f3a5f;">${SITE}/auth/reset-password</a>. Or see`);
    expect(mail.html).not.toContain('href="https://evil.example');
    expect(mail.html).not.toContain('href="https://quire.example.evil.example');
    expect(mail.html).toContain('https://evil.example/x and https://quire.example.evil.example/y.');
    expect(mail.text).toBe(`Reset it at ${SITE}/auth/reset-password. Or see https://evil.example/x and ${SITE}.evil.example/y.`);
  });

  it('leaves out empty paragraphs and a missing button or footer', () => {
    const mail = renderMail(SITE, { subject: 'Done', paragraphs: ['Hello,', '', 'All done.'] });
    expect(mail.text).toBe('Hello,\n\nAll done.');
    expect(mail.html).not.toContain('display: inline-block');
    expect(mail.html).toMatch(/<footer[^>]*>\s*<p style="margin: 0;">Quire · <a href="https:\/\/quire\.example"[^>]*>quire\.example<\/a><\/p>\s*<\/footer>/);
  });

  it('refuses a button that leads off Quire (a bug in the caller, not input)', () => {
    expect(() => renderMail(SITE, { subject: 'x', paragraphs: [], action: { label: 'Go', url: 'https://evil.example/' } })).toThrow(
      /under https:\/\/quire\.example/,
    );
    expect(() => renderMail(SITE, { subject: 'x', paragraphs: [], action: { label: 'Go', url: '/relative' } })).toThrow();
  });
});
