import { describe, expect, it } from 'vitest';
import { splitPassages, type TextRun } from './passages';

const p = (text: string): TextRun => ({ text, block: true, heading: false });
const h = (text: string): TextRun => ({ text, block: true, heading: true });
const sentence = (i: number) => `Sentence number ${i} tells of the white whale and the sea. `;

describe('splitPassages', () => {
  it('merges short paragraphs up to a passage and keeps the heading above them', () => {
    const runs = [h('Loomings'), p('Call me Ishmael.'), p('Some years ago, never mind how long precisely.'), p('x'.repeat(300))];
    const passages = splitPassages(runs);
    expect(passages[0]).toMatchObject({
      ord: 0,
      heading: 'Loomings',
      text: `Call me Ishmael. Some years ago, never mind how long precisely. ${'x'.repeat(300)}`,
    });
  });

  it('never merges across a heading', () => {
    const passages = splitPassages([h('One'), p('Short one.'), h('Two'), p('Short two.')]);
    expect(passages.map((x) => [x.heading, x.text])).toEqual([
      ['One', 'Short one.'],
      ['Two', 'Short two.'],
    ]);
  });

  it('cuts a long paragraph at sentence ends, each piece no longer than the limit', () => {
    const long = Array.from({ length: 40 }, (_, i) => sentence(i)).join('');
    const passages = splitPassages([p(long)]);
    expect(passages.length).toBeGreaterThan(2);
    for (const x of passages) {
      expect(x.text.length).toBeLessThanOrEqual(900);
      expect(x.text).toMatch(/sea\.$/);
    }
    expect(passages.map((x) => x.text).join(' ')).toBe(long.trim());
  });

  it('anchors each passage with a quote of the chapter text and its context', () => {
    const runs = [p('First paragraph here, long enough to stand alone? '.repeat(7)), p('\n  The second   one,\nwrapped. '.repeat(12))];
    const [first, second] = splitPassages(runs);
    expect(first!.quote.prefix).toBe('');
    expect(second!.quote.prefix).toBe('re, long enough to stand alone? ');
    expect(second!.quote.exact.startsWith('The second one, wrapped.')).toBe(true);
    expect(second!.quote.suffix.trim()).toBe('');
    const joined = runs
      .map((r) => r.text)
      .join('')
      .replace(/\s+/g, ' ');
    expect(joined).toContain(second!.quote.prefix + second!.quote.exact);
  });

  it('treats inline runs as one block and drops empty blocks', () => {
    const runs: TextRun[] = [p('The '), { text: 'Pequod', block: false, heading: false }, { text: ' sailed.', block: false, heading: false }, p('   ')];
    expect(splitPassages(runs).map((x) => x.text)).toEqual(['The Pequod sailed.']);
  });
});
