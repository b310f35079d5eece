import { describe, expect, it } from 'vitest';
import { serializeTokens, tokenizeCss } from './css-tokens';

const names = (css: string) => tokenizeCss(css).flatMap((t) => (t.type === 'space' ? [] : [`${t.type}:${'value' in t ? t.value : ''}`]));

describe('tokenizeCss', () => {
  it('decodes escapes in names, strings and urls as a browser does', () => {
    expect(names('\\75 rl(a.png)')).toEqual(['url:a.png']);
    expect(names('\\000075rl("a")')).toEqual(['function:url', 'string:a', 'delim:)']);
    expect(names('u\\rl(x) U\\52L(y)')).toEqual(['url:x', 'url:y']);
    expect(names("'a\\'b\\\nc' url(a\\29 b)")).toEqual(["string:a'bc", 'url:a)b']);
  });

  it('lets comments split tokens and never join them', () => {
    expect(names('ur/**/l(x)')).toEqual(['ident:ur', 'function:l', 'ident:x', 'delim:)']);
  });

  it('marks bad strings and bad urls', () => {
    expect(tokenizeCss('"a\nb"').some((t) => t.type === 'bad')).toBe(true);
    expect(tokenizeCss('url(a b)').some((t) => t.type === 'bad')).toBe(true);
    expect(tokenizeCss('url(a"b)').some((t) => t.type === 'bad')).toBe(true);
  });
});

describe('serializeTokens', () => {
  it('writes text that reads back as the same tokens', () => {
    for (const css of ['ur/**/l(x)', '10p\\78 1.5\\65 3', '-\\31 a \\31 b', '/**//**/*', 'a/**/(b)', '"a\\"\\\\\\a b"', 'rgb(1 2 3 / 50%)']) {
      const once = tokenizeCss(css);
      expect(tokenizeCss(serializeTokens(once)), css).toEqual(once);
    }
  });

  it('writes an unquoted url as url() of a string', () => {
    expect(serializeTokens(tokenizeCss('\\75 rl(a\\"b)'))).toBe('url("a\\"b")');
  });
});
