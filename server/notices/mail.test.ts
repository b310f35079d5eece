/** A notice e-mail's two bodies: the plain text unchanged, the HTML escaping everything people wrote. */
import { describe, expect, it } from 'vitest';
import { renderNoticeMail } from './mail';

const URL = 'https://quire.example';

describe('notice e-mail', () => {
  it('keeps the plain text and adds the same words as HTML in the shared layout', () => {
    const mail = renderNoticeMail(URL, { title: 'Scheduled maintenance', body: 'Quire is down for an hour.\n\nSorry!', link: '/blog/maintenance' }, 'Rita');
    expect(mail.subject).toBe('Scheduled maintenance');
    expect(mail.text).toBe(
      'Hello Rita,\n\nQuire is down for an hour.\n\nSorry!\n\nhttps://quire.example/blog/maintenance\n\n—\n' +
        'You get notices from the Quire team by e-mail because of your notification settings: https://quire.example/settings/notifications',
    );
    expect(mail.html).toMatch(/^<!doctype html>/);
    expect(mail.html).toContain('<title>Scheduled maintenance</title>');
    expect(mail.html).toContain('<p>Hello Rita,</p>');
    expect(mail.html).toContain('<p>Quire is down for an hour.</p>\n<p>Sorry!</p>');
    expect(mail.html).toMatch(/<a href="https:\/\/quire\.example\/blog\/maintenance" style="[^"]+">Open on Quire<\/a>/);
    expect(mail.html).toMatch(
      /because of your notification settings: <a href="https:\/\/quire\.example\/settings\/notifications"[^>]*>https:\/\/quire\.example\/settings\/notifications<\/a>/,
    );
  });

  it('escapes the title, the text and the name, and keeps single line breaks', () => {
    const mail = renderNoticeMail(
      URL,
      { title: 'Prize <b>"winners"</b> & more', body: 'Line one <script>alert(1)</script>\nLine "two" & <img src=x onerror=alert(2)>', link: null },
      'Eve <i>Evil</i>',
    );
    expect(mail.html).not.toMatch(/<script|<img|<b>|<i>/);
    expect(mail.html).toContain('<title>Prize &lt;b&gt;&quot;winners&quot;&lt;/b&gt; &amp; more</title>');
    expect(mail.html).toContain('Prize &lt;b&gt;&quot;winners&quot;&lt;/b&gt; &amp; more</h1>');
    expect(mail.html).toContain('<p>Hello Eve &lt;i&gt;Evil&lt;/i&gt;,</p>');
    expect(mail.html).toContain('<p>Line one &lt;script&gt;alert(1)&lt;/script&gt;<br>\nLine &quot;two&quot; &amp; &lt;img src=x onerror=alert(2)&gt;</p>');
    expect(mail.html).not.toContain('Open on Quire'); // no link, no button
    // The text body is text: nothing escaped there.
    expect(mail.text).toContain('Line "two" & <img src=x onerror=alert(2)>');
  });

  it('uses the title when there is no text, and escapes a link even though it is a path on Quire', () => {
    const mail = renderNoticeMail(URL, { title: 'Welcome', body: '', link: '/search?q="a"&b=<c>' }, 'Ann');
    expect(mail.html).toContain('<p>Welcome</p>');
    expect(mail.html).toContain('href="https://quire.example/search?q=&quot;a&quot;&amp;b=&lt;c&gt;"');
  });
});
