import { describe, expect, it } from 'vitest';
import { splitLinks } from './linkify';

describe('splitLinks', () => {
  it('turns http(s) URLs into links and keeps the rest as text', () => {
    expect(splitLinks('Open http://localhost:3000/auth/callback?code=abc.def to continue.')).toEqual([
      { kind: 'text', text: 'Open ' },
      { kind: 'link', href: 'http://localhost:3000/auth/callback?code=abc.def' },
      { kind: 'text', text: ' to continue.' },
    ]);
  });

  it('leaves sentence punctuation outside the link', () => {
    expect(splitLinks('(see https://quire.test/a).')).toEqual([
      { kind: 'text', text: '(see ' },
      { kind: 'link', href: 'https://quire.test/a' },
      { kind: 'text', text: ').' },
    ]);
  });

  it('never links other schemes or markup', () => {
    expect(splitLinks('javascript:alert(1) <a href="x">x</a> ftp://x')).toEqual([{ kind: 'text', text: 'javascript:alert(1) <a href="x">x</a> ftp://x' }]);
    expect(splitLinks('')).toEqual([]);
  });
});
