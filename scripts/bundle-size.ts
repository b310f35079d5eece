/**
 * The first-load JS of a budgeted route, from Vite's build manifest: the entry chunk (index.html)
 * and the route's page chunk, each with the closure of their static imports. Dynamic imports are
 * other routes' chunks and do not count. Pure, so it can be tested with a fake manifest.
 */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

const BUDGET_KIB = 150;
const ENTRY_KEY = 'index.html';
/** The routes with a first-load budget, and their page modules. */
export const BUDGETED_ROUTES: Record<string, string> = {
  '/': 'src/features/home/home-page.tsx',
  '/store': 'src/features/store/store-page.tsx',
  '/book/{id}': 'src/features/store/book-page.tsx',
};

/** Output files (JS) of the given manifest keys and everything they import statically. */
export function staticClosure(manifest: ViteManifest, roots: string[]): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no entry for ${key}.`);
    if (chunk.file.endsWith('.js') && !files.includes(chunk.file)) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  roots.forEach(visit);
  return files;
}

export function firstLoadFiles(manifest: ViteManifest, pageKey = BUDGETED_ROUTES['/']!): string[] {
  return staticClosure(manifest, [ENTRY_KEY, pageKey]);
}

export interface SizeRow {
  file: string;
  rawBytes: number;
  brotliBytes: number;
}

export interface BudgetReport {
  route: string;
  rows: SizeRow[];
  totalBrotliBytes: number;
  budgetBytes: number;
  withinBudget: boolean;
}

export function budgetReport(rows: SizeRow[], budgetKiB = BUDGET_KIB, route = '/'): BudgetReport {
  const totalBrotliBytes = rows.reduce((sum, r) => sum + r.brotliBytes, 0);
  const budgetBytes = budgetKiB * 1024;
  return { route, rows, totalBrotliBytes, budgetBytes, withinBudget: totalBrotliBytes <= budgetBytes };
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

export function formatReport(report: BudgetReport): string {
  const width = Math.max(4, ...report.rows.map((r) => r.file.length));
  const lines = [
    `${'file'.padEnd(width)}  ${'raw KiB'.padStart(9)}  ${'brotli KiB'.padStart(10)}`,
    ...report.rows.map((r) => `${r.file.padEnd(width)}  ${kib(r.rawBytes).padStart(9)}  ${kib(r.brotliBytes).padStart(10)}`),
    `First-load JS for ${report.route}: ${kib(report.totalBrotliBytes)} KiB brotli (budget ${kib(report.budgetBytes)} KiB)`,
  ];
  if (!report.withinBudget) lines.push(`Over budget by ${kib(report.totalBrotliBytes - report.budgetBytes)} KiB.`);
  return lines.join('\n');
}
