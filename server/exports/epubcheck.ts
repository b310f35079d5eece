/**
 * Runs the W3C's epubcheck (Debian package `epubcheck`) on an EPUB and reads its JSON report.
 * Debian installs the tool as an executable JAR (/usr/bin/epubcheck → epubcheck.jar), which only
 * runs directly where the kernel's binfmt hands JARs to Java; so a JAR is started with
 * `java -jar`. When the command is not installed the answer says so — never "passed".
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface EpubcheckMessage {
  id: string;
  severity: 'FATAL' | 'ERROR' | 'WARNING' | 'USAGE' | 'INFO' | string;
  message: string;
  /** `file:line:column` of the first location, when there is one. */
  where: string;
}

export type EpubcheckResult =
  | { status: 'not_installed'; message: string }
  | { status: 'passed' | 'failed'; errors: EpubcheckMessage[]; warnings: EpubcheckMessage[] }
  | { status: 'crashed'; message: string };

export const EPUBCHECK_MISSING = 'epubcheck is not installed on this server';
const TIMEOUT_MS = 120_000;

/** The command to run epubcheck with, or null when it is not installed. */
export function epubcheckCommand(): string[] | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, 'epubcheck');
    let real: string;
    try {
      fs.accessSync(file, fs.constants.X_OK);
      real = fs.realpathSync(file);
    } catch {
      continue;
    }
    return isJar(real) ? ['java', '-jar', real] : [file];
  }
  return null;
}

function isJar(file: string): boolean {
  if (file.endsWith('.jar')) return true;
  const head = Buffer.alloc(2);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, head, 0, 2, 0);
  } finally {
    fs.closeSync(fd);
  }
  return head.toString('latin1') === 'PK';
}

interface RawReport {
  messages?: { ID?: string; severity?: string; message?: string; locations?: { path?: string; line?: number; column?: number }[] }[];
}

export async function runEpubcheck(epub: Uint8Array): Promise<EpubcheckResult> {
  const command = epubcheckCommand();
  if (!command) return { status: 'not_installed', message: EPUBCHECK_MISSING };
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'quire-epubcheck-'));
  const file = path.join(dir, 'book.epub');
  try {
    await fs.promises.writeFile(file, epub);
    const reportFile = path.join(dir, 'report.json');
    await new Promise<void>((resolve, reject) => {
      // epubcheck exits 1 when it finds errors; the JSON report is what counts.
      execFile(command[0]!, [...command.slice(1), file, '--json', reportFile], { timeout: TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 }, (error, _out, err) => {
        if (fs.existsSync(reportFile)) resolve();
        else reject(new Error(`epubcheck gave no report${error ? `: ${error.message}` : ''} ${err.slice(0, 500)}`.trim()));
      });
    });
    const stdout = await fs.promises.readFile(reportFile, 'utf8');
    const report = JSON.parse(stdout) as RawReport;
    const messages: EpubcheckMessage[] = (report.messages ?? []).map((m) => {
      const at = m.locations?.[0];
      return {
        id: m.ID ?? '',
        severity: m.severity ?? '',
        message: m.message ?? '',
        where: at ? `${at.path ?? ''}:${at.line ?? -1}:${at.column ?? -1}` : '',
      };
    });
    const errors = messages.filter((m) => m.severity === 'ERROR' || m.severity === 'FATAL');
    const warnings = messages.filter((m) => m.severity === 'WARNING');
    return { status: errors.length ? 'failed' : 'passed', errors, warnings };
  } catch (error) {
    return { status: 'crashed', message: error instanceof Error ? error.message : String(error) };
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** One line a person can read: what epubcheck said. */
export function describeEpubcheck(result: EpubcheckResult): string {
  if (result.status === 'not_installed') return `Not checked: ${EPUBCHECK_MISSING}.`;
  if (result.status === 'crashed') return `Not checked: epubcheck could not run (${result.message.slice(0, 300)}).`;
  if (result.status === 'passed')
    return result.warnings.length ? `Passed epubcheck with ${result.warnings.length} warning(s).` : 'Passed epubcheck with no errors.';
  const first = result.errors
    .slice(0, 3)
    .map((e) => `${e.id} ${e.message}${e.where ? ` (${e.where})` : ''}`)
    .join('; ');
  return `epubcheck found ${result.errors.length} error(s): ${first}`;
}
