/**
 * npm run bench:store — store search at catalogue scale: 100,000 synthetic published listings
 * (titles, subtitles, authors, publishers, descriptions from a fixed vocabulary; genres,
 * languages, prices, ratings and dates spread over them) in a real SQLite file, then 1,000
 * realistic queries through the same function the API answers with (a page of cards, the total
 * and the genre and language facet counts): prefixes as typed, several words, and facet filters
 * with and without text. Reports p50/p95 per kind and overall; target p95 ≤ 20 ms. The queries
 * run twice: as the server answers them, and again with no shelf counts kept (ctx.searchMemo).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { StoreQuery } from '../sync/api/store';
import { loadConfig } from '../server/config';
import { buildContext } from '../server/server';
import { storeIndex } from '../server/search/store-index';
import { SearchMemo } from '../server/search/memo';
import { searchCatalogue } from '../server/store/search';
import { percentile, writeBenchSection } from './bench-report';

const LISTINGS = 100_000;
const QUERIES = Number(process.env.BENCH_STORE_QUERIES ?? 1_000);
const TARGET_P95_MS = 20;
const SECTION = '## Store search (`npm run bench:store`)';

// A fixed pseudo-random sequence, so every run searches the same catalogue with the same queries.
let seed = 42;
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
}
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;

// A catalogue-sized vocabulary: 6,000 pronounceable made-up words, used with a Zipf-like skew
// (a few words are everywhere, most are rare), as in real titles and blurbs.
const SYLLABLES = [
  'ar',
  'bel',
  'cor',
  'da',
  'el',
  'fen',
  'gar',
  'hol',
  'is',
  'jun',
  'ka',
  'lor',
  'mar',
  'nel',
  'or',
  'pen',
  'quil',
  'ros',
  'sal',
  'tor',
  'ul',
  'ven',
  'wyn',
  'yar',
  'zé',
  'ché',
  'ïa',
  'lun',
  'mir',
  'tha',
];
const WORDS = Array.from({ length: 6_000 }, (_, i) => {
  const a = SYLLABLES[i % 30]!;
  const b = SYLLABLES[Math.floor(i / 30) % 30]!;
  const c = i >= 900 ? SYLLABLES[Math.floor(i / 900) % 30]! : '';
  return `${a}${b}${c}`;
});
/** Index skewed towards the front: word i is picked about 1/(i+1) as often as word 0. */
const zipf = () => WORDS[Math.min(WORDS.length - 1, Math.floor(Math.exp(random() * Math.log(WORDS.length + 1))) - 1)]!;
const FUNCTION_WORDS = ['the', 'of', 'and', 'a', 'in'];
const FIRST = [
  'Maren',
  'Isobel',
  'Conrad',
  'Hester',
  'Amara',
  'Oriel',
  'Dev',
  'Kenji',
  'Élodie',
  'Mateo',
  'Lila',
  'Tobias',
  'Rosalind',
  'Hannah',
  'Nell',
  'Ada',
];
const LAST = [
  'Holt',
  'Marchetti',
  'Vale',
  'Quill',
  'Quist',
  'Thistlewood',
  'Sorel',
  'Arlow',
  'Garnier',
  'Ibarra',
  'Moreau',
  'Penhale',
  'Fenwick',
  'Brisk',
  'Finch',
  'Author',
];
const PUBLISHERS = ['Lantern House', 'Quire Independent', 'Harbour Press', 'Northlight Books', 'Salt & Ink', 'Meadow Editions'];
const GENRES = ['FB', 'FBA', 'FF', 'FH', 'FJ', 'FK', 'FL', 'FM', 'FR', 'FU', 'FV', 'DC', 'DN', 'VS', 'WB', 'WM', 'WT', 'YF'];
const LANGUAGES = ['en', 'en', 'en', 'en', 'en-GB', 'fr', 'es', 'de'];
const title = () => Array.from({ length: 2 + Math.floor(random() * 3) }, (_, i) => (i === 1 && random() < 0.3 ? pick(FUNCTION_WORDS) : zipf())).join(' ');
const capitalised = (s: string) => s.replace(/(^|\s)\p{L}/gu, (m) => m.toUpperCase());

async function seedCatalogue(db: Awaited<ReturnType<typeof buildContext>>['ctx']['db'], now: number) {
  const BATCH = 1_000; // rows × columns stays under SQLite's 32,766 bound variables
  for (let start = 0; start < LISTINGS; start += BATCH) {
    await db.transaction().execute(async (trx) => {
      const books = [];
      const contributors = [];
      const genres = [];
      for (let i = start; i < start + BATCH; i++) {
        const id = `bench-${i}`;
        const ratingCount = random() < 0.6 ? Math.floor(random() * 200) : 0;
        books.push({
          id,
          slug: id,
          title: capitalised(title()),
          subtitle: random() < 0.3 ? capitalised(title()) : '',
          description: Array.from({ length: 40 }, () => (random() < 0.3 ? pick(FUNCTION_WORDS) : zipf())).join(' '),
          language: pick(LANGUAGES),
          isbn: null,
          priceCents: random() < 0.1 ? 0 : 99 + Math.floor(random() * 30) * 50,
          currency: 'USD',
          pageCount: 80 + Math.floor(random() * 600),
          publisherName: pick(PUBLISHERS),
          imprintId: null,
          genres: '[]',
          status: random() < 0.95 ? ('published' as const) : ('draft' as const),
          featured: 0,
          coverPath: null,
          publishedAt: now - Math.floor(random() * 3650) * 86_400_000,
          issued: null,
          createdAt: now,
          updatedAt: now,
          ratingCount,
          ratingSum: ratingCount * (1 + Math.floor(random() * 5)),
        });
        contributors.push({ bookId: id, ord: 0, name: `${pick(FIRST)} ${pick(LAST)}`, role: 'author', userId: null });
        for (const code of new Set([pick(GENRES), pick(GENRES)].slice(0, random() < 0.5 ? 1 : 2))) genres.push({ bookId: id, code });
      }
      await trx.insertInto('books').values(books).execute();
      await trx.insertInto('bookContributors').values(contributors).execute();
      await trx.insertInto('bookGenres').values(genres).execute();
    });
  }
  await storeIndex(db).rebuild(db);
}

/** The kinds of query people send, as the store's pages send them. */
const KINDS: Record<string, () => StoreQuery> = {
  'prefix as typed': () => {
    const word = zipf();
    return { q: word.slice(0, 3 + Math.floor(random() * (word.length - 2))) };
  },
  'several words': () => ({ q: `${zipf()} ${zipf().slice(0, 4)}` }),
  'author prefix': () => ({ author: `${pick(LAST).slice(0, 4)}` }),
  'text + facets': () => ({ q: zipf().slice(0, 4), genre: pick(GENRES).slice(0, 2), priceMax: 1500, minRating: 3 }),
  'facets, no text': () => ({ genre: pick(GENRES), language: pick(['en', 'fr']), sort: pick(['newest', 'price-asc', 'rating'] as const) }),
};

async function main() {
  // BENCH_STORE_DIR keeps the seeded catalogue between runs (for working on a query plan).
  const keep = process.env.BENCH_STORE_DIR;
  const dataDir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-store-'));
  const seeded = keep !== undefined && fs.existsSync(path.join(keep, 'quire.sqlite'));
  const { ctx, handle } = await buildContext({ ...loadConfig({}), dataDir, demo: false });
  try {
    let started = performance.now();
    if (!seeded) await seedCatalogue(ctx.db, Date.now());
    handle.optimize(); // as the server does at every start: the planner needs the statistics
    const seedMs = performance.now() - started;

    const kinds = Object.keys(KINDS);
    // The same queries whether this run seeded the catalogue or found it kept (BENCH_STORE_DIR).
    seed = 42;
    const queries = Array.from({ length: QUERIES }, (_, i) => ({ kind: kinds[i % kinds.length]!, query: KINDS[kinds[i % kinds.length]!]!() }));
    for (const { query } of queries.slice(0, 20)) await searchCatalogue(ctx, query); // warm the page cache
    ctx.searchMemo = new SearchMemo();
    let matched = 0;
    const slowest: { ms: number; query: StoreQuery }[] = [];
    // Twice over the same queries: as the server answers them (a shelf's counts kept from the
    // first time anyone asked), then with nothing kept, as the first reader of every shelf.
    const pass = async (forget: boolean) => {
      const times: Record<string, number[]> = Object.fromEntries(kinds.map((k) => [k, []]));
      for (const { kind, query } of queries) {
        if (forget) ctx.searchMemo = new SearchMemo();
        started = performance.now();
        const result = await searchCatalogue(ctx, query);
        const ms = performance.now() - started;
        times[kind]!.push(ms);
        if (!forget) {
          slowest.push({ ms, query });
          if (result.total > 0) matched++;
        }
      }
      return times;
    };
    const times = await pass(false);
    const cold = await pass(true);
    // BENCH_STORE_SLOWEST=n prints the n slowest queries (for working on a query plan).
    for (const { ms, query } of slowest.sort((a, b) => b.ms - a.ms).slice(0, Number(process.env.BENCH_STORE_SLOWEST ?? 0))) {
      console.log(`${ms.toFixed(1)} ms ${JSON.stringify(query)}`);
    }
    const all = Object.values(times).flat();
    const allCold = Object.values(cold).flat();
    const f = (n: number) => n.toFixed(n < 10 ? 2 : 1);
    const lines = [
      '| queries (page of 24 + total + genre and language facets) | p50 | p95 | p95, nothing kept | target |',
      '|---|---|---|---|---|',
      ...kinds.map(
        (k) => `| ${k} (${times[k]!.length}) | ${f(percentile(times[k]!, 50))} ms | ${f(percentile(times[k]!, 95))} ms | ${f(percentile(cold[k]!, 95))} ms | |`,
      ),
      `| **all ${all.length}** | **${f(percentile(all, 50))} ms** | **${f(percentile(all, 95))} ms** | ${f(percentile(allCold, 95))} ms | p95 ≤ ${TARGET_P95_MS} ms |`,
    ];
    const machine = `${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}; ${LISTINGS.toLocaleString('en')} listings seeded in ${(seedMs / 1000).toFixed(1)} s, one run, SQLite file on disk, ${matched} of ${all.length} queries matched something.`;
    console.log(lines.join('\n'));
    console.log(machine);
    writeBenchSection(SECTION, `${machine}\n\n${lines.join('\n')}`);
    if (percentile(all, 95) > TARGET_P95_MS) console.log(`Over target: p95 ${f(percentile(all, 95))} ms > ${TARGET_P95_MS} ms.`);
  } finally {
    await handle.close();
    if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
