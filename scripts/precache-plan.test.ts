import { describe, expect, it } from 'vitest';
import { precachePlan } from './precache-plan';

const manifest = {
  'index.html': {
    file: 'assets/index-a.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: [
      'src/features/reader/reader-page.tsx',
      'src/features/editor/manuscript-page.tsx',
      'src/features/printable/printable-page.tsx',
      'src/db/database.ts',
    ],
    css: ['assets/index.css'],
  },
  '_react.js': { file: 'assets/react-b.js' },
  '_chapter-dom.js': { file: 'assets/chapter-dom-c.js', imports: ['_react.js'] },
  'src/features/reader/reader-page.tsx': { file: 'assets/reader-page-d.js', isDynamicEntry: true, imports: ['_chapter-dom.js'], css: ['assets/reader.css'] },
  'src/features/editor/manuscript-page.tsx': {
    file: 'assets/manuscript-page-e.js',
    isDynamicEntry: true,
    imports: ['_collab.js', '_chapter-dom.js'],
    dynamicImports: ['src/features/editor/rich-editor.tsx'],
  },
  '_collab.js': { file: 'assets/collab-f.js' },
  'src/features/editor/rich-editor.tsx': { file: 'assets/rich-editor-g.js', isDynamicEntry: true, imports: ['_collab.js'], css: ['assets/editor.css'] },
  'src/features/printable/printable-page.tsx': {
    file: 'assets/printable-page-h.js',
    isDynamicEntry: true,
    imports: ['_chapter-dom.js'],
    dynamicImports: ['node_modules/pagedjs/src/index.js'],
  },
  'node_modules/pagedjs/src/index.js': { file: 'assets/src-i.js', isDynamicEntry: true },
  'src/db/database.ts': {
    file: 'assets/database-j.js',
    isDynamicEntry: true,
    dynamicImports: ['../linked/node_modules/rxdb/dist/esm/plugins/validate-ajv/index.js'],
  },
  '../linked/node_modules/rxdb/dist/esm/plugins/validate-ajv/index.js': { file: 'assets/validate-ajv-k.js', isDynamicEntry: true },
};

describe('precache plan', () => {
  const plan = precachePlan(manifest);

  it('precaches the entry, the reader, the editor and other pages with their static imports and styles', () => {
    expect([...plan.shell].sort()).toEqual([
      'assets/chapter-dom-c.js',
      'assets/collab-f.js',
      'assets/database-j.js',
      'assets/editor.css',
      'assets/index-a.js',
      'assets/index.css',
      'assets/manuscript-page-e.js',
      'assets/react-b.js',
      'assets/reader-page-d.js',
      'assets/reader.css',
      'assets/rich-editor-g.js',
    ]);
  });

  it('groups the print layout with what only it imports, as URL paths', () => {
    expect(plan.groups.print.sort()).toEqual(['/assets/printable-page-h.js', '/assets/src-i.js']);
  });

  it('leaves out the group and what never loads in a production browser', () => {
    expect([...plan.excluded].sort()).toEqual(['assets/printable-page-h.js', 'assets/src-i.js', 'assets/validate-ajv-k.js']);
  });
});
