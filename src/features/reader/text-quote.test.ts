import { describe, expect, it } from 'vitest';
import { createQuote, resolveQuote, wordStartAt } from './text-quote';

const text =
  'Call me Ishmael. Some years ago — never mind how long precisely — having little or no money in my purse, I thought I would sail about a little and see the watery part of the world.';

describe('text-quote anchoring', () => {
  it('creates a quote with context and resolves it back to the same offsets', () => {
    const start = text.indexOf('never mind');
    const end = start + 'never mind how long'.length;
    const quote = createQuote(text, start, end);
    expect(quote.exact).toBe('never mind how long');
    expect(quote.prefix.endsWith('Some years ago — ')).toBe(true);
    expect(quote.suffix.trimStart().startsWith('precisely —')).toBe(true);
    expect(resolveQuote(text, quote)).toEqual({ start, end });
  });

  it('survives whitespace and line-wrapping changes', () => {
    const start = text.indexOf('little or no');
    const quote = createQuote(text, start, start + 'little or no money'.length);
    const rewrapped = text.replace(/ /g, '\n   ').replace('little or', 'little  \t or');
    const found = resolveQuote(rewrapped, quote)!;
    expect(found).not.toBeNull();
    expect(rewrapped.slice(found.start, found.end).replace(/\s+/g, ' ')).toBe('little or no money');
  });

  it('survives markup changes (text moved between elements, tags stripped)', () => {
    const html = '<p>Call me <em>Ishmael</em>.</p>\n<p>Some years   ago</p>';
    const plain = html.replace(/<[^>]+>/g, '');
    const start = plain.indexOf('Ishmael');
    const quote = createQuote(plain, start, start + 7);
    const remarked = '<div><span>Call</span> me <b>Ishmael</b>.\n\n Some years ago</div>'.replace(/<[^>]+>/g, '');
    const found = resolveQuote(remarked, quote)!;
    expect(remarked.slice(found.start, found.end)).toBe('Ishmael');
  });

  it('picks the right one of repeated phrases by its context', () => {
    const doc = 'the whale swam. Ahab saw the whale rise. Then the whale dived.';
    const second = doc.indexOf('the whale', 20);
    const quote = createQuote(doc, second, second + 9);
    expect(resolveQuote(doc, quote)).toEqual({ start: second, end: second + 9 });
    const third = doc.lastIndexOf('the whale');
    expect(resolveQuote(doc, createQuote(doc, third, third + 9))).toEqual({ start: third, end: third + 9 });
  });

  it('returns null when the quote is gone', () => {
    expect(resolveQuote(text, { exact: 'Queequeg', prefix: '', suffix: '' })).toBeNull();
    expect(resolveQuote(text, { exact: '   ', prefix: '', suffix: '' })).toBeNull();
  });
});

describe('word starts for position quotes', () => {
  it('moves forward to the next word in spaced text, never back', () => {
    expect(wordStartAt(text, 9)).toBe(17); // inside "Ishmael." → "Some"
    expect(wordStartAt(text, 8)).toBe(8);
  });

  it('starts anywhere in Japanese and Chinese (no spaces to look for)', () => {
    const ja = '吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。';
    expect(wordStartAt(ja, 5)).toBe(5);
    expect(wordStartAt('在很久很久以前', 3)).toBe(3);
  });

  it('gives up on an endless word rather than run to the end', () => {
    const long = `a ${'x'.repeat(200)} b`;
    expect(wordStartAt(long, 10)).toBe(10);
  });
});
