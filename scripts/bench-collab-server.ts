/**
 * The server half of `npm run bench:collab`, in its own process so its memory is measured
 * without the benchmark's clients: starts Quire on a temp DATA_DIR, seeds a generated manuscript,
 * and answers the parent's questions over IPC (memory after gc, documents in memory).
 */
import fs from 'node:fs';
import { buildSignedInUser } from '../server/admin/test-helpers';
import { addMember, buildManuscript, seedChapter, startCollabServer, tempDataDir } from '../server/collab/test-helpers';

export interface BenchSetup {
  url: string;
  ownerCookie: string;
  editorCookie: string;
  docNames: string[];
  words: number;
  seedMs: number;
}

export type BenchRequest = { type: 'memory' } | { type: 'loaded' } | { type: 'stop' };

const WORDS =
  'the a of and to in was her his that it with as on at by from said light house river winter letter window morning garden silence small old long quiet before after under across through'.split(
    ' ',
  );

// A deterministic generator, so every run benchmarks the same manuscript.
function paragraphs(seed: number, words: number): string[] {
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const out: string[] = [];
  for (let left = words; left > 0;) {
    const n = Math.min(left, 40 + Math.floor(next() * 80));
    const sentence = Array.from({ length: n }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' ');
    out.push(sentence.charAt(0).toUpperCase() + sentence.slice(1) + '.');
    left -= n;
  }
  return out;
}

export async function runBenchServer(totalWords: number, chapters: number) {
  const gc = (globalThis as { gc?: () => void }).gc;
  const dataDir = tempDataDir();
  const running = await startCollabServer(dataDir);
  const owner = await buildSignedInUser(running.ctx);
  const editor = await buildSignedInUser(running.ctx);
  const manuscript = await buildManuscript(running.ctx, owner.user.id, chapters);
  await addMember(running.ctx, manuscript.id, editor.user.id, 'editor');
  const started = performance.now();
  for (const [i, name] of manuscript.docNames.entries()) await seedChapter(running.ctx, name, paragraphs(i + 1, totalWords / chapters));
  const seedMs = performance.now() - started;

  const setup: BenchSetup = {
    url: running.url,
    ownerCookie: owner.cookie,
    editorCookie: editor.cookie,
    docNames: manuscript.docNames,
    words: totalWords,
    seedMs,
  };
  process.send!({ type: 'ready', setup });
  async function answer(request: BenchRequest) {
    if (request.type === 'memory') {
      for (let i = 0; i < 3; i++) gc?.();
      const { heapUsed, rss } = process.memoryUsage();
      process.send!({ type: 'memory', heapUsed, rss, gc: Boolean(gc) });
    } else if (request.type === 'loaded') {
      await running.collab.registry.settled();
      process.send!({ type: 'loaded', count: running.collab.registry.loaded().length });
    } else {
      await running.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  }
  // A failed answer ends the run loudly rather than leaving the parent waiting.
  process.on('message', (request: BenchRequest) => {
    answer(request).catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  });
}
