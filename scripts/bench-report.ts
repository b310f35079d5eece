/** What every `npm run bench:*` shares: percentiles, and writing its section of docs/benchmarks.md. */
import fs from 'node:fs';

const BENCH_FILE = 'docs/benchmarks.md';

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Replaces the section that starts with `heading` (a `## ` line), or appends it. */
export function writeBenchSection(heading: string, body: string) {
  const section = `${heading}\n\n${body}\n`;
  const existing = fs.existsSync(BENCH_FILE)
    ? fs.readFileSync(BENCH_FILE, 'utf8')
    : '# Benchmarks\n\nNumbers from this machine; rerun the command to refresh a section.\n';
  const start = existing.indexOf(heading);
  let next: string;
  if (start >= 0) {
    const end = existing.indexOf('\n## ', start + heading.length);
    next = existing.slice(0, start) + section + (end >= 0 ? existing.slice(end) : '');
  } else next = `${existing.trimEnd()}\n\n${section}`;
  fs.writeFileSync(BENCH_FILE, next);
}
