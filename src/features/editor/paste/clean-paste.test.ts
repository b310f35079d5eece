import fs from 'node:fs';
import path from 'node:path';
import { createHeadlessEditor } from '@lexical/headless';
import { withDOM } from '@lexical/headless/dom';
import { $generateNodesFromDOM } from '@lexical/html';
import { $getRoot, $insertNodes, $isElementNode, $isTextNode, type LexicalNode } from 'lexical';
import { describe, expect, it } from 'vitest';
import { CHAPTER_NODES } from '../../../../sync/collab/chapter-nodes';
import { cleanPastedHtml } from './clean-paste';

const sample = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'samples', name), 'utf8');
const clean = (html: string) => withDOM((w) => cleanPastedHtml(html, new w.DOMParser()));

/** The pasted HTML as the editor would hold it: node types and formatted text, one line each. */
function imported(html: string): string[] {
  const editor = createHeadlessEditor({
    nodes: CHAPTER_NODES,
    onError: (e) => {
      throw e;
    },
  });
  const lines: string[] = [];
  withDOM((w) => {
    editor.update(
      () => {
        const dom = new w.DOMParser().parseFromString(cleanPastedHtml(html, new w.DOMParser()), 'text/html');
        $getRoot().clear().select();
        $insertNodes($generateNodesFromDOM(editor, dom as unknown as Document));
      },
      { discrete: true },
    );
    editor.getEditorState().read(() => {
      const walk = (node: LexicalNode, depth: number) => {
        const formats = $isTextNode(node) ? (['bold', 'italic', 'underline', 'strikethrough'] as const).filter((f) => node.hasFormat(f)) : [];
        const own = $isTextNode(node) ? ` "${node.getTextContent()}"${formats.length ? ` [${formats.join(',')}]` : ''}` : '';
        lines.push(`${'  '.repeat(depth)}${node.getType()}${own}`);
        if ($isElementNode(node)) for (const child of node.getChildren()) walk(child, depth + 1);
      };
      for (const child of $getRoot().getChildren()) walk(child, 0);
    });
  });
  return lines;
}

describe('cleanPastedHtml', () => {
  it('keeps the structure of Microsoft Word HTML and drops Office markup, styles and local images', () => {
    const html = clean(sample('word.html'));
    expect(html).toBe(
      '<h1>Chapter One</h1>' +
        '<p>It was a <strong>bright</strong> cold day in <em>April</em>, and the clocks were <u>striking</u> <s>twelve</s>.</p>' +
        '<ul><li>Bread<ul><li>Rye</li></ul></li><li>Milk</li></ul>' +
        '<ol><li>First step</li><li>Second step</li></ol>' +
        '<blockquote>A quotation, <a href="https://example.com/source">cited</a>.</blockquote>' +
        '<p>The end.</p>',
    );
    for (const junk of ['o:p', 'Mso', 'style', 'class', 'font-family', 'file:', '·', '<span', 'Toc']) expect(html).not.toContain(junk);
  });

  it('unwraps the Google Docs <b id="docs-internal-guid"> wrapper instead of making everything bold', () => {
    const html = clean(sample('google-docs.html'));
    expect(html).toBe(
      '<h2>The Harbour</h2>' +
        '<p>Plain words, <strong>bold words</strong>, <em>italic words</em><u> and underlined</u><s> and struck</s>.</p>' +
        '<p><a href="https://example.org/map">A map</a></p>' +
        '<ul><li>Nets</li><li>Boats</li></ul>' +
        '<p><img src="https://lh7-rt.googleusercontent.com/docsz/AD_4nXexample"></p>',
    );
    const lines = imported(sample('google-docs.html'));
    expect(lines).toContain('  text "Plain words, "');
    expect(lines).toContain('  text "bold words" [bold]');
    expect(lines.filter((l) => l.includes('[bold]'))).toHaveLength(1);
  });

  it('keeps the structure of LibreOffice HTML: nested lists, quote, link, rule', () => {
    expect(clean(sample('libreoffice.html'))).toBe(
      '<h1>The Lighthouse</h1>' +
        '<p>The keeper climbed the <strong>stairs</strong> at <em>dusk</em>; the lamp was <u>cold</u> and the glass <s>clean</s>.</p>' +
        '<ol><li>Trim the wick</li><li>Wind the clockwork<ul><li>twice a night</li></ul></li></ol>' +
        '<blockquote>“Keep the light,” she said.</blockquote>' +
        '<p><a href="https://example.net/keepers">Keepers’ log</a></p>' +
        '<hr>' +
        '<p>Morning came.</p>',
    );
  });

  it('imports the cleaned Word HTML as headings, lists, quote and formatted text in the editor', () => {
    expect(imported(sample('word.html'))).toEqual([
      'heading',
      '  text "Chapter One"',
      'paragraph',
      '  text "It was a "',
      '  text "bright" [bold]',
      '  text " cold day in "',
      '  text "April" [italic]',
      '  text ", and the clocks were "',
      '  text "striking" [underline]',
      '  text " "',
      '  text "twelve" [strikethrough]',
      '  text "."',
      'list',
      '  listitem',
      '    text "Bread"',
      '  listitem',
      '    list',
      '      listitem',
      '        text "Rye"',
      '  listitem',
      '    text "Milk"',
      'list',
      '  listitem',
      '    text "First step"',
      '  listitem',
      '    text "Second step"',
      'quote',
      '  text "A quotation, "',
      '  link',
      '    text "cited"',
      '  text "."',
      'paragraph',
      '  text "The end."',
    ]);
  });

  it('turns a pasted rule into a scene break', () => {
    expect(imported('<p>One</p><hr><p>Two</p>')).toEqual(['paragraph', '  text "One"', 'scene-break', 'paragraph', '  text "Two"']);
  });

  it('drops unsafe links, scripts, comments and empty formatting, and wraps loose text in paragraphs', () => {
    expect(
      clean('<!-- a comment --><script>alert(1)</script>Loose <a href="javascript:alert(1)">text</a><b></b><br><span style="color:red"></span>Second line'),
    ).toBe('<p>Loose text</p><p>Second line</p>');
    expect(clean('<p style="font-weight:bold">Bold by style</p><p><b style="font-weight:normal">not bold</b></p>')).toBe('<p>Bold by style</p><p>not bold</p>');
  });
});
