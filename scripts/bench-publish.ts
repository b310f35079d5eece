/**
 * `npm run bench:publish` (issue 13 "Performance"): the EPUB export of a generated
 * 100,000-word manuscript (target ≤ 3 s), median of 5 runs, the way the export job makes it —
 * chapters read as the reader's manuscript view renders them, then the EPUB built and zipped. The
 * first run also renders every chapter from its Yjs log (later runs reuse the stored renders); it
 * is reported apart.
 *
 * Then the bulk import of 1,000 generated ONIX products with a generated JPEG cover each (target
 * ≤ 60 s, server memory growth ≤ 150 MB), end to end through the routes and the job a publisher's
 * upload goes through: the ONIX file checked as it streams in, the ZIP of covers streamed in and
 * matched by ISBN, Import pressed, the `publisher.upload` job run to the end (the cover variants
 * it queues are the image lane's work, measured apart). Memory is the process's resident size,
 * sampled every few milliseconds, its peak over where it stood before the first byte was sent.
 * Last, cover variant generation per image (every width in both formats, as the `image.variants`
 * job makes them): the median over a set of the generated covers.
 */
import { performance } from 'node:perf_hooks';
import { chapterUpdateFromParagraphs } from '../server/collab/lexical-doc';
import { buildEpub } from '../server/exports/epub/build-epub';
import { manuscriptSource } from '../server/exports/sources';
import { manuscriptDoc, writeManuscript } from '../server/exports/test-manuscripts';
import { manuscriptForMember } from '../server/manuscripts/manuscript-book';
import { buildUser } from '../server/sync/test-helpers';
import { buildTestContext } from '../server/test/test-context';
import { percentile, writeBenchSection } from './bench-report';
import { publisherBench } from './bench-publish-upload';

const WORDS = 100_000;
const CHAPTERS = 40;
const WORDS_PER_PARAGRAPH = 100;
const RUNS = 5;
const TARGET_MS = 3000;
const VOCABULARY = 'the orchard ran down to the sea and salt wind kept every apple small but sweet while gulls argued over the harbour wall'.split(' ');

function paragraph(seed: number): string {
  const words: string[] = [];
  for (let i = 0; i < WORDS_PER_PARAGRAPH; i++) words.push(VOCABULARY[(seed * 7 + i * 13) % VOCABULARY.length]!);
  return `${words.join(' ')}.`;
}

async function epubExport() {
  const t = await buildTestContext();
  try {
    const cookie = await buildUser(t.ctx, 'bench', ['author']);
    const perChapter = WORDS / CHAPTERS / WORDS_PER_PARAGRAPH;
    const chapters = Array.from({ length: CHAPTERS }, (_, c) => ({
      id: `bench-c${c + 1}`,
      title: `Chapter ${c + 1}`,
      update: chapterUpdateFromParagraphs(Array.from({ length: perChapter }, (_, p) => paragraph(c * 1000 + p))),
    }));
    await writeManuscript(t, cookie, manuscriptDoc('bench', 'bench', 'A generated long book'), chapters);
    const manuscript = (await manuscriptForMember(t.ctx, 'bench', 'bench'))!;
    const once = async () => {
      const start = performance.now();
      const epub = buildEpub(await manuscriptSource(t.ctx, manuscript), { modified: new Date() });
      return { ms: performance.now() - start, bytes: epub.byteLength };
    };
    const first = await once();
    const runs: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const run = await once();
      runs.push(run.ms);
      bytes = run.bytes;
    }
    return { first: first.ms, median: percentile(runs, 50), bytes };
  } finally {
    await t.close();
  }
}

const epub = await epubExport();
const upload = await publisherBench();
const verdict = epub.median <= TARGET_MS ? 'within' : 'OVER';
const lines = [
  `- EPUB export of a ${WORDS.toLocaleString('en')}-word manuscript (${CHAPTERS} chapters): median ${Math.round(epub.median)} ms of ${RUNS} runs (${verdict} the ${TARGET_MS / 1000} s target); first run, rendering every chapter from its Yjs log, ${Math.round(epub.first)} ms; ${Math.round(epub.bytes / 1024)} KiB.`,
  ...upload.lines,
];
console.log(lines.join('\n'));
writeBenchSection('## Publishing (`npm run bench:publish`)', lines.join('\n'));
