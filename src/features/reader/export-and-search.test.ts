import { describe, expect, it } from 'vitest';
import type { Annotation } from '../../../sync/collections/annotations';
import { toJson, toMarkdown } from './export-annotations';
import { findInText } from './search';
import { resolveQuote } from './text-quote';

const book = {
  id: 'b1',
  title: 'Moby-Dick',
  contributors: [{ name: 'Herman Melville', role: 'author' }],
  chapters: [{ id: 'c1', title: 'Loomings', linear: true, wordCount: 10, readable: true }],
};
const hl = (n: number, note = ''): Annotation => ({
  id: `a${n}`,
  ownerId: 'u',
  bookId: 'b1',
  kind: 'highlight',
  chapterId: 'c1',
  quote: { exact: `quote ${n}`, prefix: '', suffix: '' },
  colour: 'yellow',
  note,
  createdAt: n,
  updatedAt: n,
});

describe('search in a chapter', () => {
  it('finds every case-insensitive hit as a quote that resolves back', () => {
    const text = 'The whale. A WHALE!\n  the  whale again';
    const hits = findInText(text, 'the whale');
    expect(hits).toHaveLength(2);
    const second = resolveQuote(text, hits[1]!)!;
    expect(text.slice(second.start, second.end).replace(/\s+/g, ' ')).toBe('the whale');
    expect(findInText(text, '   ')).toEqual([]);
  });
});

describe('export', () => {
  it('writes every highlight and note as Markdown and JSON, with no cap', () => {
    const list = Array.from({ length: 600 }, (_, i) => hl(i, i === 3 ? 'a note' : ''));
    const md = toMarkdown(book, list);
    expect(md).toContain('# Moby-Dick');
    expect(md).toContain('## Loomings');
    expect(md).toContain('> quote 599');
    expect(md).toContain('a note');
    const json = JSON.parse(toJson(book, list)) as { annotations: { text: string; selector: { type: string } }[] };
    expect(json.annotations).toHaveLength(600);
    expect(json.annotations[0]!.selector.type).toBe('TextQuoteSelector');
  });
});
