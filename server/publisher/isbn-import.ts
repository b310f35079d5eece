/**
 * Importing ISBNs into an imprint's pool: a block (a start and a count, expanded by sync/isbn.ts)
 * or a pasted list (one ISBN-10 or ISBN-13 per line, blank lines skipped). Every line that is not
 * imported is reported with its line number and why; the rest go in, in one transaction with the
 * audit entry. A number a book of this imprint already carries comes in assigned to that book; a
 * number of another imprint's pool, or of a book outside the imprint, is refused (an ISBN belongs
 * to one publisher and is not transferable, DOMAIN.md).
 */
import type { BodyOf } from '../../sync/api/contract';
import { ISBN_IMPORT_MAX, type ImportProblem, type ImportProblemLine, type importIsbns } from '../../sync/api/publisher-isbns';
import { checkIsbn, expandIsbnBlock, ISBN_PROBLEM_MESSAGES, type IsbnProblem } from '../../sync/isbn';
import { recordAudit } from '../audit/record';
import type { AppContext } from '../context';
import type { DB } from '../db/connection';
import { invalid } from '../http/errors';
import type { ImprintActor } from './access';

const MESSAGES: Record<ImportProblem, string> = {
  ...ISBN_PROBLEM_MESSAGES,
  duplicate: 'Already earlier in this import.',
  'in-pool': 'Already in your pool.',
  'other-imprint': 'Already owned by another imprint.',
  'other-book': 'Already the ISBN of a book outside this imprint.',
};

const problem = (line: number, input: string, reason: ImportProblem): ImportProblemLine => ({ line, input, problem: reason, message: MESSAGES[reason] });

interface Candidate {
  line: number;
  input: string;
  isbn13: string;
}

/** The block's numbers, or 422 on the start or count. */
function blockCandidates(start: string, count: number): Candidate[] {
  const checked = checkIsbn(start);
  if (!checked.ok) throw invalid('Check the first ISBN of the block.', { start: MESSAGES[checked.problem] });
  const block = expandIsbnBlock(checked.isbn13, count);
  if (!block)
    throw invalid('The block runs past the last ISBN of its prefix.', {
      count: `From ${checked.isbn13}, the block runs past the end of its ${checked.isbn13.slice(0, 3)} prefix.`,
    });
  return block.map((isbn13, i) => ({ line: i + 1, input: isbn13, isbn13 }));
}

/** The list's valid lines, and the problems of the others (line numbers count blank lines too). */
function listCandidates(text: string): { candidates: Candidate[]; problems: ImportProblemLine[] } {
  const lines = text.split(/\r\n|\r|\n/).map((input, i) => ({ line: i + 1, input: input.trim() }));
  const filled = lines.filter((l) => l.input !== '');
  if (filled.length > ISBN_IMPORT_MAX)
    throw invalid(`Paste at most ${ISBN_IMPORT_MAX.toLocaleString('en')} ISBNs at a time.`, { text: `That is ${filled.length.toLocaleString('en')} lines.` });
  const candidates: Candidate[] = [];
  const problems: ImportProblemLine[] = [];
  for (const { line, input } of filled) {
    const checked = checkIsbn(input);
    if (checked.ok) candidates.push({ line, input, isbn13: checked.isbn13 });
    else problems.push(problem(line, input.slice(0, 40), checked.problem satisfies IsbnProblem));
  }
  return { candidates, problems };
}

/** SQLite's bound-variable limit is far above this; batches keep each IN list short. */
const IN_BATCH = 500;

async function inBatches<T>(values: string[], run: (batch: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < values.length; i += IN_BATCH) out.push(...(await run(values.slice(i, i + IN_BATCH))));
  return out;
}

export async function importToPool(ctx: AppContext, who: ImprintActor, input: BodyOf<typeof importIsbns>) {
  const parsed =
    input.kind === 'block' ? { candidates: blockCandidates(input.start, input.count), problems: [] as ImportProblemLine[] } : listCandidates(input.text);
  const imprintId = who.imprint.id;
  return ctx.db.transaction().execute(async (trx) => {
    const numbers = [...new Set(parsed.candidates.map((c) => c.isbn13))];
    const pooled = new Map(
      (await inBatches(numbers, (b) => trx.selectFrom('imprintIsbns').select(['isbn', 'imprintId']).where('isbn', 'in', b).execute())).map((r) => [
        r.isbn,
        r.imprintId,
      ]),
    );
    const onBooks = await inBatches(numbers, (b) => trx.selectFrom('books').select(['id', 'isbn', 'imprintId']).where('isbn', 'in', b).execute());
    const bookOf = new Map(onBooks.map((b) => [b.isbn!, b]));

    const problems = [...parsed.problems];
    const seen = new Set<string>();
    const rows: { isbn: string; bookId: string | null }[] = [];
    for (const c of parsed.candidates) {
      const owner = pooled.get(c.isbn13);
      const book = bookOf.get(c.isbn13);
      if (seen.has(c.isbn13)) problems.push(problem(c.line, c.input, 'duplicate'));
      else if (owner !== undefined) problems.push(problem(c.line, c.input, owner === imprintId ? 'in-pool' : 'other-imprint'));
      else if (book && book.imprintId !== imprintId) problems.push(problem(c.line, c.input, 'other-book'));
      else rows.push({ isbn: c.isbn13, bookId: book?.id ?? null });
      seen.add(c.isbn13);
    }
    problems.sort((a, b) => a.line - b.line);

    const now = ctx.now();
    await insertRows(trx, imprintId, rows, now);
    if (rows.length > 0) {
      await recordAudit(trx, now, {
        actor: who.actor,
        ip: who.ip,
        action: 'imprint.isbns_imported',
        targetType: 'imprint',
        targetId: imprintId,
        detail: { kind: input.kind, imported: rows.length, first: rows[0]!.isbn, last: rows[rows.length - 1]!.isbn, problems: problems.length },
      });
    }
    return { kind: input.kind, imported: rows.map((r) => r.isbn), linkedToBooks: rows.filter((r) => r.bookId).length, problems };
  });
}

async function insertRows(db: DB, imprintId: string, rows: { isbn: string; bookId: string | null }[], now: number) {
  for (let i = 0; i < rows.length; i += IN_BATCH) {
    const values = rows.slice(i, i + IN_BATCH).map((r) => ({ isbn: r.isbn, imprintId, bookId: r.bookId, assignedAt: r.bookId ? now : null, addedAt: now }));
    await db.insertInto('imprintIsbns').values(values).execute();
  }
}
