import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { nestingDepth, xmlNestingDepth } from './nesting';

describe('nesting depth', () => {
  it('counts element levels in a parsed document, however deep, without recursion', () => {
    expect(nestingDepth(parseDocument('<p>a <b>b<i>c</i></b></p><p>d</p>'))).toBe(3);
    expect(nestingDepth(parseDocument(`${'<div>'.repeat(20_000)}x`))).toBe(20_000);
  });

  it('counts element levels in XML as a stream; self-closing elements close at once', () => {
    expect(xmlNestingDepth('<?xml version="1.0"?><a><b/><b><c/></b><d/></a>')).toBe(3);
    expect(xmlNestingDepth(`${'<w:p>'.repeat(50_000)}${'</w:p>'.repeat(50_000)}`)).toBe(50_000);
  });
});
