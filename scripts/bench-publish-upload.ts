/**
 * `npm run bench:publish`, the publisher-upload part (issue 13): a bulk import of 1,000 generated
 * ONIX products with covers, end to end through the upload routes and the `publisher.upload` job,
 * and the cover variant generation per image. See bench-publish.ts for what is measured.
 */
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { expandIsbnBlock } from '../sync/isbn';
import { buildSignedInUser } from '../server/admin/test-helpers';
import { newId } from '../server/http/ids';
import { benchVariantGeneration } from '../server/images/bench';
import type { JobHandler, JobWorker } from '../server/jobs/worker';
import { registerUploadJobs, UPLOAD_JOB } from '../server/uploads/job';
import { ONIX_REFERENCE_NS } from '../server/uploads/onix';
import { streamedZip } from '../server/uploads/test-archive';
import { buildTestContext, type TestContext } from '../server/test/test-context';
import { percentile } from './bench-report';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1000);
const BASE_COVERS = 40;
const VARIANT_SAMPLE = 15;
const TARGET_S = 60;
const TARGET_GROWTH_MB = 150;
const MB = 1024 * 1024;

function product(isbn: string, n: number): string {
  return `<Product><RecordReference>bench.${n}</RecordReference><NotificationType>03</NotificationType>
<ProductIdentifier><ProductIDType>15</ProductIDType><IDValue>${isbn}</IDValue></ProductIdentifier>
<DescriptiveDetail><ProductComposition>00</ProductComposition><ProductForm>ED</ProductForm><ProductFormDetail>E101</ProductFormDetail>
<TitleDetail><TitleType>01</TitleType><TitleElement><TitleElementLevel>01</TitleElementLevel><TitleText>Harbour Light ${n}</TitleText><Subtitle>A novel</Subtitle></TitleElement></TitleDetail>
<Contributor><SequenceNumber>1</SequenceNumber><ContributorRole>A01</ContributorRole><PersonName>Maren Holt</PersonName></Contributor>
<Language><LanguageRole>01</LanguageRole><LanguageCode>eng</LanguageCode></Language></DescriptiveDetail>
<CollateralDetail><TextContent><TextType>03</TextType><ContentAudience>00</ContentAudience><Text textformat="05"><p>A keeper and a storm, book ${n}.</p></Text></TextContent></CollateralDetail>
<PublishingDetail><Imprint><ImprintName>Bench House</ImprintName></Imprint></PublishingDetail>
<ProductSupply><SupplyDetail><Supplier><SupplierRole>09</SupplierRole><SupplierName>Quire</SupplierName></Supplier>
<Price><PriceType>02</PriceType><PriceAmount>9.99</PriceAmount><CurrencyCode>USD</CurrencyCode></Price></SupplyDetail></ProductSupply></Product>\n`;
}

/** A few photographic-looking (noisy) covers; each product's is one of them with its own JPEG comment, so all differ. */
async function baseCovers(): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (let i = 0; i < BASE_COVERS; i++)
    out.push(
      await sharp({
        create: { width: 400, height: 600, channels: 3, background: { r: (i * 37) % 255, g: 90, b: 140 }, noise: { type: 'gaussian', mean: 120, sigma: 25 } },
      })
        .jpeg({ quality: 80 })
        .toBuffer(),
    );
  return out;
}

/** The JPEG with a COM segment naming `n` right after its start marker. */
function withComment(jpeg: Buffer, n: number): Uint8Array {
  const text = Buffer.from(`cover ${n}`);
  const segment = Buffer.alloc(4 + text.byteLength);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(2 + text.byteLength, 2);
  text.copy(segment, 4);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

function sampler() {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage().rss) - start;
    },
  };
}

async function bulkImport(t: TestContext, covers: Buffer[]) {
  const owner = await buildSignedInUser(t.ctx, { roles: ['publisher'] });
  const imprintId = newId();
  await t.ctx.db.insertInto('imprints').values({ id: imprintId, name: 'Bench House', ownerId: owner.user.id, createdAt: t.ctx.now() }).execute();
  await t.ctx.db.insertInto('imprintMembers').values({ imprintId, userId: owner.user.id, role: 'owner' }).execute();
  let handler: JobHandler | null = null;
  registerUploadJobs({ register: (_kind: string, h: JobHandler) => (handler = h) } as unknown as JobWorker, t.ctx);
  const isbns = expandIsbnBlock('9780306406157', PRODUCTS)!;
  const onix = `<?xml version="1.0" encoding="UTF-8"?>\n<ONIXMessage release="3.0" xmlns="${ONIX_REFERENCE_NS}"><Header><Sender><SenderName>Bench</SenderName></Sender></Header>\n${isbns.map(product).join('')}</ONIXMessage>`;
  let archiveBytes = 0;
  const zip = streamedZip(
    isbns.map((isbn, n) => ({
      name: `covers/${isbn}.jpg`,
      bytes: () => {
        const b = withComment(covers[n % covers.length]!, n);
        archiveBytes += b.byteLength;
        return b;
      },
    })),
  );

  const memory = sampler();
  const started = performance.now();
  const metadata = await t.request(`/api/publisher/uploads/metadata?imprintId=${imprintId}&name=feed.xml`, {
    method: 'POST',
    cookie: owner.cookie,
    body: onix,
    headers: { 'content-type': 'application/xml' },
  });
  if (metadata.status !== 201) throw new Error(`metadata: ${metadata.status} ${await metadata.text()}`);
  const uploadId = ((await metadata.json()) as { upload: { id: string } }).upload.id;
  const checkedAt = performance.now();
  const archive = await t.request(`/api/publisher/uploads/archive?uploadId=${uploadId}&name=covers.zip`, {
    method: 'POST',
    cookie: owner.cookie,
    body: zip,
    headers: { 'content-type': 'application/zip' },
    duplex: 'half',
  } as RequestInit);
  if (archive.status !== 200) throw new Error(`archive: ${archive.status} ${await archive.text()}`);
  const matched = ((await archive.json()) as { items: { coverEntry: string | null }[] }).items.filter((i) => i.coverEntry).length;
  const attachedAt = performance.now();
  const start = await t.request(`/api/publisher/imprints/${imprintId}/uploads/${uploadId}/start`, { method: 'POST', cookie: owner.cookie, json: {} });
  if (start.status !== 202) throw new Error(`start: ${start.status} ${await start.text()}`);
  // The job as the worker runs it: claimed from the queue, its handler, completed.
  const job = await t.ctx.queue.claim({ only: [UPLOAD_JOB] });
  if (!job || !handler) throw new Error('the upload job was not queued');
  await (handler as JobHandler)(job.payload);
  await t.ctx.queue.complete(job);
  const finished = performance.now();
  const growth = memory.stop();
  const counts = await t.ctx.db
    .selectFrom('uploadItems')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('uploadId', '=', uploadId)
    .groupBy('status')
    .execute();
  const imported = Number(counts.find((c) => c.status === 'imported')?.n ?? 0);
  const withCover = await t.ctx.db
    .selectFrom('books')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('imprintId', '=', imprintId)
    .where('coverPath', 'is not', null)
    .executeTakeFirst();
  return {
    totalS: (finished - started) / 1000,
    checkS: (checkedAt - started) / 1000,
    attachS: (attachedAt - checkedAt) / 1000,
    jobS: (finished - attachedAt) / 1000,
    growthMb: growth / MB,
    imported,
    matched,
    withCover: Number(withCover?.n ?? 0),
    onixMb: Buffer.byteLength(onix) / MB,
    archiveMb: archiveBytes / MB,
  };
}

export async function publisherBench(): Promise<{ lines: string[] }> {
  const covers = await baseCovers();
  const t = await buildTestContext();
  let bulk;
  try {
    bulk = await bulkImport(t, covers);
  } finally {
    await t.close();
  }
  const variants = await benchVariantGeneration(covers.slice(0, VARIANT_SAMPLE));
  const within = (ok: boolean) => (ok ? 'within' : 'OVER');
  const lines = [
    `- Bulk import of ${PRODUCTS.toLocaleString('en')} ONIX products with covers (ONIX ${bulk.onixMb.toFixed(1)} MB, ZIP of 400×600 JPEG covers ${bulk.archiveMb.toFixed(0)} MB, streamed): ${bulk.totalS.toFixed(1)} s end to end (${within(bulk.totalS <= TARGET_S)} the ${TARGET_S} s target) — ONIX checked ${bulk.checkS.toFixed(1)} s, ZIP received and matched ${bulk.attachS.toFixed(1)} s, import job ${bulk.jobS.toFixed(1)} s; ${bulk.imported} imported, ${bulk.matched} covers matched, ${bulk.withCover} books with their cover. Server memory growth (peak resident size over the start) ${Math.round(bulk.growthMb)} MB (${within(bulk.growthMb <= TARGET_GROWTH_MB)} the ${TARGET_GROWTH_MB} MB target). One run.`,
    `- Cover variant generation per image (median of ${VARIANT_SAMPLE} of those covers; ${variants.variantsPerImage} variants each, every cover width in AVIF and WebP): ${Math.round(variants.medianMs)} ms (p90 ${Math.round(percentile(variants.perImageMs, 90))} ms).`,
  ];
  return { lines };
}
