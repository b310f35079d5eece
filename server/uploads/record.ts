/**
 * One row of a metadata file, whatever its format: the CSV and ONIX parsers each read their file
 * into RawRows, and checkRow turns a RawRow into an UploadRecord ready to import, or the list of
 * reasons it cannot be (missing identifier, bad ISBN checksum, bad price, unknown codes…). Pure:
 * what the database knows (an ISBN of another imprint) is checked later, in server/uploads/plan.ts.
 */
import type { Contributor } from '../../sync/book-format';
import { checkIsbn, type IsbnProblem } from '../../sync/isbn';
import { bookRoleOf, roleCodeOf } from '../../sync/publishing/contributors';
import { UploadExtrasSchema } from '../../sync/publishing/metadata';
import { minorDigits } from '../../sync/store/money';
import type { UploadAction } from '../../sync/uploads';

export interface UploadRecord {
  action: UploadAction;
  isbn: string;
  title: string;
  subtitle: string;
  contributors: Contributor[];
  /** BCP 47. */
  language: string;
  description: string;
  priceCents: number;
  currency: string;
  publisher: string;
  /** File names in the ZIP, when the row names them (otherwise matched by ISBN). */
  epubFile: string;
  coverFile: string;
  /**
   * Keywords (at most 7, as the form), the series and the number in it. Empty keeps what the
   * book has. Absent from items checked before these columns existed (stored as JSON).
   */
  keywords?: string[];
  series?: string;
  seriesNumber?: number | null;
}

/** What a parser read from one row or product, before any check. */
export interface RawRow {
  /** The CSV line or the product's position in the ONIX file (1 first). */
  row: number;
  /** The ONIX RecordReference, or the CSV row's ISBN as written. */
  reference: string;
  /** Null when the code is not one this format knows (the problem is then in `problems`). */
  action: UploadAction | null;
  isbn: string;
  title: string;
  subtitle: string;
  contributors: Contributor[];
  language: string;
  description: string;
  price: string;
  currency: string;
  publisher: string;
  epubFile: string;
  coverFile: string;
  keywords: string[];
  series: string;
  /** As written: checked to be a whole number by the form's schema. */
  seriesNumber: string;
  /** Problems the parser found itself (unknown codes, wrong namespace). */
  problems: string[];
}

/**
 * A problem with a whole metadata file (not XML, wrong namespace, unknown column, too many rows):
 * the readers throw it, and nothing of the file is stored.
 */
export class FileProblem extends Error {}

/** A reader's rows gathered, or its file problem (tests, and files small enough to hold). */
export async function collectRows(rows: AsyncIterable<RawRow>): Promise<{ fileProblem: string | null; rows: RawRow[] }> {
  const out: RawRow[] = [];
  try {
    for await (const row of rows) out.push(row);
  } catch (error) {
    if (error instanceof FileProblem) return { fileProblem: error.message, rows: [] };
    throw error;
  }
  return { fileProblem: null, rows: out };
}

export type CheckedRow = { row: number; reference: string; isbn: string; record: UploadRecord | null; problems: string[] };

export const emptyRaw = (row: number): RawRow => ({
  row,
  reference: '',
  action: 'new',
  isbn: '',
  title: '',
  subtitle: '',
  contributors: [],
  language: '',
  description: '',
  price: '',
  currency: '',
  publisher: '',
  epubFile: '',
  coverFile: '',
  keywords: [],
  series: '',
  seriesNumber: '',
  problems: [],
});

const EXTRA_LABELS: Record<string, string> = { keywords: 'Keywords', series: 'Series', seriesNumber: 'Series number', contributors: 'Contributors' };

/**
 * Keywords, series and contributors through the /publishing form's own field schemas
 * (sync/publishing/metadata.ts): the same limits and messages, each prefixed with its field.
 */
function checkExtras(raw: RawRow, problems: string[]) {
  const n = raw.seriesNumber.trim();
  const result = UploadExtrasSchema.safeParse({
    keywords: raw.keywords,
    series: raw.series,
    seriesNumber: n === '' ? null : /^-?\d+(\.\d+)?$/.test(n) ? Number(n) : n,
    contributors: raw.contributors.map((c) => ({ name: c.name, role: roleCodeOf(c.role) })),
  });
  if (result.success) return result.data;
  const seen = new Set<string>();
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (seen.has(field)) continue;
    seen.add(field);
    problems.push(`${EXTRA_LABELS[field] ?? field}: ${issue.message}`);
  }
  return null;
}

const ISBN_MESSAGES: Record<IsbnProblem, string> = {
  characters: 'The ISBN has characters other than digits and hyphens.',
  length: 'The ISBN has neither 10 nor 13 digits.',
  prefix: 'The ISBN-13 does not start with 978 or 979.',
  checksum: 'The ISBN’s check digit does not match: a digit is mistyped.',
};

const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
const MAX_PRICE_CENTS = 100_000_00;

/** "9.99" in `currency` → 999; JPY takes no decimals. A message when it is not a price. */
export function parsePrice(text: string, currency: string): { ok: true; cents: number } | { ok: false; message: string } {
  const t = text.trim();
  const m = /^(\d{1,9})(?:\.(\d+))?$/.exec(t);
  if (!m) return { ok: false, message: `“${t.slice(0, 30)}” is not a price: write it like 9.99, without a currency sign.` };
  const digits = minorDigits(currency);
  const fraction = m[2] ?? '';
  if (fraction.length > digits)
    return { ok: false, message: `${currency} prices have ${digits === 0 ? 'no decimals' : `at most ${digits} decimals`}: “${t}”.` };
  const cents = Number(m[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  if (cents > MAX_PRICE_CENTS) return { ok: false, message: `The price ${t} is above Quire's limit.` };
  return { ok: true, cents };
}

/** ISO 639-2 codes (ONIX's Language) Quire's catalogue uses, to BCP 47. */
const LANGUAGES_639_2: Record<string, string> = {
  eng: 'en',
  fre: 'fr',
  fra: 'fr',
  ger: 'de',
  deu: 'de',
  spa: 'es',
  ita: 'it',
  por: 'pt',
  dut: 'nl',
  nld: 'nl',
  swe: 'sv',
  dan: 'da',
  nor: 'no',
  fin: 'fi',
  pol: 'pl',
  cze: 'cs',
  ces: 'cs',
  gre: 'el',
  ell: 'el',
  rus: 'ru',
  ukr: 'uk',
  tur: 'tr',
  ara: 'ar',
  heb: 'he',
  hin: 'hi',
  jpn: 'ja',
  kor: 'ko',
  chi: 'zh',
  zho: 'zh',
  wel: 'cy',
  cym: 'cy',
  gle: 'ga',
};
const BCP47 = /^[a-z]{2}(-[A-Za-z0-9]{2,8})*$/;

/** A language as BCP 47 (en, en-GB) or ISO 639-2 (eng), as a BCP 47 tag; null when unknown. */
export function toLanguageTag(code: string): string | null {
  const c = code.trim();
  if (BCP47.test(c)) return c;
  return LANGUAGES_639_2[c.toLowerCase()] ?? null;
}

/** The checks every row gets, whatever file it came from. */
export function checkRow(raw: RawRow): CheckedRow {
  const problems = [...raw.problems];
  const need = (value: string, message: string) => {
    if (value.trim() === '') problems.push(message);
  };
  let isbn = '';
  if (raw.isbn.trim() === '') problems.push('Missing identifier: every row needs its ISBN.');
  else {
    const checked = checkIsbn(raw.isbn);
    if (checked.ok) isbn = checked.isbn13;
    else problems.push(ISBN_MESSAGES[checked.problem]);
  }
  const action = raw.action;
  const full = action !== 'withdraw';
  let language = '';
  let priceCents = 0;
  const currency = raw.currency.trim().toUpperCase();
  if (full) {
    need(raw.title, 'Missing title.');
    if (raw.contributors.length === 0) problems.push('Missing author: name at least one.');
    if (raw.language.trim() === '') problems.push('Missing language.');
    else {
      const tag = toLanguageTag(raw.language);
      if (tag) language = tag;
      else problems.push(`Unknown language code “${raw.language.trim().slice(0, 20)}”.`);
    }
    if (currency === '') problems.push('Missing currency.');
    else if (!KNOWN_CURRENCIES.has(currency)) problems.push(`Unknown currency code “${currency.slice(0, 10)}”.`);
    if (raw.price.trim() === '') problems.push('Missing price.');
    else if (KNOWN_CURRENCIES.has(currency) || currency === '') {
      const price = parsePrice(raw.price, currency || 'USD');
      if (price.ok) priceCents = price.cents;
      else problems.push(price.message);
    }
    if (raw.title.length > 300) problems.push('The title is longer than 300 characters.');
    if (raw.subtitle.length > 300) problems.push('The subtitle is longer than 300 characters.');
  }
  const extras = full ? checkExtras(raw, problems) : null;
  const record: UploadRecord | null =
    problems.length === 0 && action
      ? {
          action,
          isbn,
          title: raw.title.trim(),
          subtitle: raw.subtitle.trim(),
          contributors: extras ? extras.contributors.map((c) => ({ name: c.name, role: bookRoleOf(c.role) })) : [],
          language,
          description: raw.description.trim().slice(0, 10_000),
          priceCents,
          currency,
          publisher: raw.publisher.trim().slice(0, 200),
          epubFile: raw.epubFile.trim(),
          coverFile: raw.coverFile.trim(),
          keywords: extras?.keywords ?? [],
          series: extras?.series ?? '',
          seriesNumber: extras?.series ? extras.seriesNumber : null,
        }
      : null;
  return { row: raw.row, reference: raw.reference.slice(0, 100), isbn: isbn || raw.isbn.trim().slice(0, 40), record, problems };
}

/**
 * Marks the second and later rows with the same ISBN, one row at a time as they are read: one
 * file, one row per book. Only each ISBN's first row number is kept, not the rows.
 */
export function duplicateMarker(): (row: CheckedRow) => void {
  // Keyed by the ISBN-13 as a number (13 digits are exact in a double): a string key sliced from
  // the parsed text could keep that whole chunk of the file alive, one chunk per row.
  const first = new Map<number, number>();
  return (r) => {
    if (!r.record) return;
    const isbn = Number(r.record.isbn);
    const seen = first.get(isbn);
    if (seen === undefined) first.set(isbn, r.row);
    else {
      r.problems.push(`The ISBN is already in row ${seen} of this file.`);
      r.record = null;
    }
  };
}

/** duplicateMarker over rows already in hand. */
export function markDuplicates(rows: CheckedRow[]): void {
  rows.forEach(duplicateMarker());
}
