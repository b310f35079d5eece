/**
 * The CSV metadata file (sync/uploads.ts has the template's columns), read as it streams with
 * csv-parse: a header row naming the columns in any order, then one book per row. An unknown or
 * missing required column refuses the file; a row's own mistakes are that row's problems.
 */
import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import type { Contributor } from '../../sync/book-format';
import { bookRoleOf, CONTRIBUTOR_ROLE_CODES, type ContributorRoleCode } from '../../sync/publishing/contributors';
import { CSV_COLUMNS, CSV_ROLE_HINT, UPLOAD_ACTIONS, type CsvColumn } from '../../sync/uploads';
import { collectRows, emptyRaw, FileProblem, type RawRow } from './record';

const REQUIRED: CsvColumn[] = ['isbn', 'title', 'authors', 'language', 'price', 'currency'];

const isColumn = (name: string): name is CsvColumn => (CSV_COLUMNS as readonly string[]).includes(name);

const listOf = (cell: string) =>
  cell
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);

function authorsOf(cell: string): Contributor[] {
  return listOf(cell).map((name) => ({ name, role: 'author' as const }));
}

/** Role names as the form shows them ("Illustrator") and ONIX codes ("A12"), to the code. */
const ROLE_BY_WORD = new Map<string, ContributorRoleCode>(
  (Object.entries(CONTRIBUTOR_ROLE_CODES) as [ContributorRoleCode, string][]).flatMap(([code, word]) => [
    [code.toLowerCase(), code],
    [word.toLowerCase(), code],
  ]),
);

/** "Ida Brandt (Illustrator); Ansel Reed (B06)": each name with its role in brackets. */
function contributorsOf(cell: string, problems: string[]): Contributor[] {
  const out: Contributor[] = [];
  for (const part of listOf(cell)) {
    const m = /^(.*?)\s*\(([^()]*)\)$/.exec(part);
    const code = m ? ROLE_BY_WORD.get(m[2]!.trim().toLowerCase()) : undefined;
    if (!m || !code) {
      problems.push(`Contributors: give “${part.slice(0, 60)}” a role in brackets: ${CSV_ROLE_HINT}.`);
      continue;
    }
    out.push({ name: m[1]!, role: bookRoleOf(code) });
  }
  return out;
}

function rowOf(line: number, record: Record<string, string>): RawRow {
  const raw = emptyRaw(line);
  const cell = (c: CsvColumn) => (record[c] ?? '').trim();
  const action = cell('action').toLowerCase() || 'new';
  raw.action = (UPLOAD_ACTIONS as readonly string[]).includes(action) ? (action as RawRow['action']) : null;
  if (!raw.action) raw.problems.push(`Unknown action “${action.slice(0, 20)}”: use new, update or withdraw.`);
  raw.reference = cell('isbn');
  raw.isbn = cell('isbn');
  raw.title = cell('title');
  raw.subtitle = cell('subtitle');
  raw.contributors = [...authorsOf(cell('authors')), ...contributorsOf(cell('contributors'), raw.problems)];
  raw.language = cell('language');
  raw.price = cell('price');
  raw.currency = cell('currency');
  raw.description = cell('description');
  raw.keywords = listOf(cell('keywords'));
  raw.series = cell('series');
  raw.seriesNumber = cell('series_number');
  raw.epubFile = cell('epub_file');
  raw.coverFile = cell('cover_file');
  return raw;
}

/**
 * A CSV file as chunks (a stream, or one string in tests) → its rows in file order, each as it is
 * parsed. A problem with the whole file throws FileProblem, possibly after rows were yielded.
 */
export async function* csvRows(chunks: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>, maxRows: number): AsyncGenerator<RawRow> {
  let header: CsvColumn[] | null = null;
  let count = 0;
  const parser = Readable.from(chunks).pipe(
    parse({
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      max_record_size: 100_000,
    }),
  );
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!header) {
        const names = record.map((h) => h.trim().toLowerCase().replace(/\s+/g, '_'));
        const unknown = names.filter((n) => n !== '' && !isColumn(n));
        if (unknown.length > 0) throw new FileProblem(`Unknown column “${unknown[0]!.slice(0, 30)}”: the template's columns are ${CSV_COLUMNS.join(', ')}.`);
        const missing = REQUIRED.filter((c) => !names.includes(c));
        if (missing.length > 0) throw new FileProblem(`Missing column “${missing[0]}”: the first row names the columns, as in the template.`);
        header = names as CsvColumn[];
        continue;
      }
      if (++count > maxRows) throw new FileProblem(`The file has more than ${maxRows.toLocaleString('en')} rows: split it.`);
      const cells: Record<string, string> = {};
      header.forEach((name, i) => {
        if (name) cells[name] = record[i] ?? '';
      });
      const raw = rowOf(info.lines, cells);
      if (record.length > header.length && record.slice(header.length).some((c) => c.trim() !== ''))
        raw.problems.push(`The row has ${record.length} cells for ${header.length} columns: is a comma inside a cell without quotes?`);
      yield raw;
    }
  } catch (error) {
    if (error instanceof CsvError) throw new FileProblem(`The file is not valid CSV: ${error.message.slice(0, 160)}`);
    throw error;
  } finally {
    parser.destroy();
  }
  if (!header) throw new FileProblem('The file is empty: the first row names the columns, as in the template.');
  if (count === 0) throw new FileProblem('The file has a header but no rows.');
}

/** A whole CSV file's rows, or why it cannot be imported (for tests and small files). */
export const readCsv = (chunks: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>, maxRows: number) => collectRows(csvRows(chunks, maxRows));
