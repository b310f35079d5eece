import fs from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';

/** The declarations reader.css gives a class, over every rule whose selector list names it alone. */
function declarationsOf(className: string): Record<string, string> {
  const root = postcss.parse(fs.readFileSync(path.join(import.meta.dirname, 'reader.css'), 'utf8'));
  const out: Record<string, string> = {};
  root.walkRules((rule) => {
    if (rule.parent?.type !== 'root' || !rule.selectors.includes(className)) return;
    rule.walkDecls((d) => {
      out[d.prop] = d.value;
    });
  });
  return out;
}

describe('reader.css: the chapter box keeps the book inside it', () => {
  for (const box of ['.reader-clip', '.reader-scroll', '.reader-fxl', '.reader-fxl-slot']) {
    it(`${box} contains layout and paint and isolates stacking`, () => {
      const decls = declarationsOf(box);
      expect(decls.contain?.split(/\s+/)).toEqual(expect.arrayContaining(['layout', 'paint']));
      expect(decls.isolation).toBe('isolate');
    });
  }
});

describe('reader.css: a fixed-layout page stays in its box', () => {
  it('.reader-fxl-slot is sized by the reader alone and clips what the page draws outside it', () => {
    const decls = declarationsOf('.reader-fxl-slot');
    expect(decls.contain?.split(/\s+/)).toEqual(expect.arrayContaining(['size', 'layout', 'paint']));
    expect(decls.overflow).toBe('hidden');
  });
});
