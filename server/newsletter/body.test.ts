/** An issue's body: the editor's HTML sanitised on save and made into readable mail parts; Markdown issues still render. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors';
import { bodyHtml, bodyMailParts, isHtmlBody, storedBody } from './body';

const ORIGIN = 'https://quire.example';
const IMAGE = '/api/files/abcdefghijklmnopqrstuvwx/content';

/** What the editor's HtmlChangePlugin reports (Lexical's export), more or less. */
const EDITOR_HTML = [
  '<h2 class="ed-h2" dir="ltr"><span style="white-space: pre-wrap;">Gull Point</span></h2>',
  '<p class="ed-paragraph" dir="ltr"><span style="white-space: pre-wrap;">The </span><b><strong class="ed-bold">lamp</strong></b><span> is lit &amp; </span><a href="https://example.com/tides" class="ed-link"><span>the tides</span></a><span> are kind.</span></p>',
  '<ul><li value="1"><span>Three new chapters</span></li><li value="2"><span>A map</span></li></ul>',
  '<ol><li value="1"><span>First</span></li><li value="2"><span>Second</span></li></ol>',
  '<blockquote><span>Keep the lamp lit.</span></blockquote>',
  '<hr>',
  `<p><img src="${IMAGE}" alt="The lighthouse at dusk"></p>`,
  '<p><a href="mailto:ada@example.com">ada@example.com</a></p>',
  '<script>alert(1)</script><p onclick="steal()">Bye for now.</p>',
].join('');

describe('stored bodies', () => {
  it("sanitises the editor's HTML on save: no scripts or handlers, the text and a Quire image kept", () => {
    const stored = storedBody(EDITOR_HTML);
    expect(isHtmlBody(stored)).toBe(true);
    expect(stored).not.toMatch(/<script|onclick|alert\(1\)/);
    expect(stored).toContain('<strong class="ed-bold">lamp</strong>');
    expect(stored).toContain(`src="${IMAGE}"`);
    expect(stored).toContain('Bye for now.');
  });

  it('refuses an editor body with nothing in it, on the body field', () => {
    let error: unknown;
    try {
      storedBody('<p class="ed-paragraph"><br></p>');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, fields: { body: 'Write something to send.' } });
  });

  it('keeps Markdown as it came, and tells it from HTML (an autolink is not a tag)', () => {
    expect(storedBody('  # News\n\nThe **lamp**.  ')).toBe('# News\n\nThe **lamp**.');
    expect(isHtmlBody('<https://example.com> is our site')).toBe(false);
    expect(isHtmlBody('<p>typed in Markdown</p>')).toBe(true);
    expect(isHtmlBody('Hello <b>there</b>')).toBe(false);
  });
});

describe('mail parts', () => {
  it("makes a readable text part from the editor's HTML: headings, lists, quotes, links with their URL", () => {
    const { text } = bodyMailParts(storedBody(EDITOR_HTML), ORIGIN);
    expect(text).toBe(
      [
        'Gull Point\n==========',
        'The lamp is lit & the tides (https://example.com/tides) are kind.',
        '- Three new chapters\n- A map',
        '1. First\n2. Second',
        '> Keep the lamp lit.',
        '* * *',
        '[The lighthouse at dusk]',
        'ada@example.com',
        'Bye for now.',
      ].join('\n\n'),
    );
  });

  it('gives the HTML part absolute image URLs a mail client can load', () => {
    const { html } = bodyMailParts(storedBody(EDITOR_HTML), ORIGIN);
    expect(html).toContain(`src="${ORIGIN}${IMAGE}"`);
    expect(html).toContain('<h2');
    expect(html).toContain('href="https://example.com/tides"');
    expect(html).not.toContain('<script');
  });

  it('still renders an issue stored as Markdown, its raw HTML escaped', () => {
    const markdown = '# Spring\n\nThree **new** novels. <script>alert(1)</script>';
    expect(bodyMailParts(markdown, ORIGIN)).toEqual({
      text: markdown,
      html: expect.stringContaining('<h1>Spring</h1>') as string,
    });
    expect(bodyHtml(markdown)).toContain('&lt;script&gt;');
  });

  it('sanitises an HTML body again when it is read: one stored as Markdown that opened with a tag was never sanitised', () => {
    expect(bodyHtml('<p onclick="x()">Hi</p><script>alert(1)</script>')).toBe('<p>Hi</p>');
  });
});
