import { describe, expect, it } from 'vitest';
import { budgetReport, firstLoadFiles, formatReport, staticClosure, type ViteManifest } from './bundle-size';

const manifest: ViteManifest = {
  'index.html': {
    file: 'assets/index-a.js',
    isEntry: true,
    imports: ['_react.js', '_ui.js'],
    dynamicImports: ['src/features/home/home-page.tsx', 'src/features/admin/users-page.tsx'],
    css: ['assets/index.css'],
  },
  '_react.js': { file: 'assets/react-b.js' },
  '_ui.js': { file: 'assets/ui-c.js', imports: ['_react.js'] },
  '_book-card.js': { file: 'assets/book-card-d.js', imports: ['_ui.js'] },
  'src/features/home/home-page.tsx': {
    file: 'assets/home-page-e.js',
    src: 'src/features/home/home-page.tsx',
    imports: ['_book-card.js', '_react.js'],
    css: ['assets/home.css'],
  },
  'src/features/admin/users-page.tsx': { file: 'assets/users-page-f.js', imports: ['_admin-table.js'] },
  '_admin-table.js': { file: 'assets/admin-table-g.js' },
};

describe('first-load files of /', () => {
  it('takes the entry and the home page with their static imports, once each, and no other route', () => {
    expect(firstLoadFiles(manifest)).toEqual(['assets/index-a.js', 'assets/react-b.js', 'assets/ui-c.js', 'assets/home-page-e.js', 'assets/book-card-d.js']);
  });

  it('measures another route from the same entry and its own page', () => {
    expect(firstLoadFiles(manifest, 'src/features/admin/users-page.tsx')).toEqual([
      'assets/index-a.js',
      'assets/react-b.js',
      'assets/ui-c.js',
      'assets/users-page-f.js',
      'assets/admin-table-g.js',
    ]);
  });

  it('fails loudly when the manifest lacks a root', () => {
    expect(() => staticClosure(manifest, ['src/missing.tsx'])).toThrow(/no entry for src\/missing.tsx/);
  });
});

describe('budgetReport', () => {
  it('sums brotli sizes and compares them with the budget', () => {
    const rows = [
      { file: 'a.js', rawBytes: 300_000, brotliBytes: 100 * 1024 },
      { file: 'b.js', rawBytes: 100_000, brotliBytes: 40 * 1024 },
    ];
    const ok = budgetReport(rows, 150);
    expect(ok).toMatchObject({ totalBrotliBytes: 140 * 1024, withinBudget: true });
    expect(formatReport(ok)).toContain('First-load JS for /: 140.0 KiB brotli (budget 150.0 KiB)');
    const over = budgetReport(rows, 120);
    expect(over.withinBudget).toBe(false);
    expect(formatReport(over)).toContain('Over budget by 20.0 KiB.');
  });
});
