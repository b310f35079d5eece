/**
 * An imprint's public storefront: read for its editor (/publisher/publisher-store) and for
 * everyone (/store/publisher/{slug}), saved by its owners and managers. The logo and banner are
 * files from the editor's own /files (another member's file already chosen may stay); the page
 * shows them through the image pipeline's variants. The slug is made from the imprint's name the
 * first time the storefront is saved and then kept, so links to it never break.
 */
import { fileContentUrl } from '../../sync/api/files';
import type { Storefront, StorefrontInput, StoreImage } from '../../sync/api/publisher-storefront';
import { slugify } from '../../sync/blog/slug';
import { recordAudit } from '../audit/record';
import type { AppContext } from '../context';
import type { DB } from '../db/connection';
import { invalid } from '../http/errors';
import { imageSets } from '../images/image-sets';
import { requestUploadVariants } from '../images/request';
import type { ImprintActor } from '../publisher/access';
import { listedBooks, toCards } from '../store/listing';

const BOOKS_ON_PAGE = 60;

async function images(ctx: AppContext, ids: (string | null)[]): Promise<Map<string, StoreImage>> {
  const wanted = ids.filter((id): id is string => id !== null);
  const out = new Map<string, StoreImage>();
  if (wanted.length === 0) return out;
  const files = await ctx.db.selectFrom('files').select(['id', 'blobHash']).where('id', 'in', wanted).where('kind', '=', 'image').execute();
  const sets = await imageSets(
    ctx.db,
    files.map((f) => f.blobHash),
  );
  for (const f of files) {
    const set = sets.get(f.blobHash);
    out.set(f.id, { fileId: f.id, url: fileContentUrl(f.id), ...(set ? { set } : {}) });
  }
  return out;
}

async function featuredCards(ctx: AppContext, imprintId: string) {
  const rows = await listedBooks(ctx)
    .innerJoin('imprintFeaturedBooks', 'imprintFeaturedBooks.bookId', 'books.id')
    .where('imprintFeaturedBooks.imprintId', '=', imprintId)
    .where('books.imprintId', '=', imprintId)
    .orderBy('imprintFeaturedBooks.position')
    .execute();
  return toCards(ctx, rows);
}

export async function storefrontOf(ctx: AppContext, imprintId: string): Promise<Storefront> {
  const row = await ctx.db
    .selectFrom('imprints')
    .select(['name', 'storeSlug', 'description', 'website', 'logoFileId', 'bannerFileId'])
    .where('id', '=', imprintId)
    .executeTakeFirstOrThrow();
  const [pictures, featured] = await Promise.all([images(ctx, [row.logoFileId, row.bannerFileId]), featuredCards(ctx, imprintId)]);
  return {
    name: row.name,
    slug: row.storeSlug,
    description: row.description,
    website: row.website,
    logo: (row.logoFileId && pictures.get(row.logoFileId)) || null,
    banner: (row.bannerFileId && pictures.get(row.bannerFileId)) || null,
    featured,
  };
}

export function publishedOfImprint(ctx: AppContext, imprintId: string) {
  return ctx.db.selectFrom('books').select(['id', 'title']).where('imprintId', '=', imprintId).where('status', '=', 'published').orderBy('title').execute();
}

/** A slug no other imprint has: the name's, then -2, -3, … */
async function freeSlug(db: DB, name: string, imprintId: string): Promise<string> {
  const stem = slugify(name) || 'imprint';
  for (let n = 1; ; n++) {
    const slug = n === 1 ? stem : `${stem}-${n}`;
    const taken = await db.selectFrom('imprints').select('id').where('storeSlug', '=', slug).where('id', '!=', imprintId).executeTakeFirst();
    if (!taken) return slug;
  }
}

/** A chosen image must be the editor's own image file, or the one the storefront already shows. */
async function checkImage(ctx: AppContext, who: ImprintActor, field: 'logoFileId' | 'bannerFileId', id: string | null, current: string | null) {
  if (id === null || id === current) return;
  const file = await ctx.db.selectFrom('files').select(['blobHash', 'mediaType', 'kind', 'ownerId']).where('id', '=', id).executeTakeFirst();
  if (!file || file.ownerId !== who.actor.id) throw invalid('Choose an image from your files.', { [field]: 'Choose an image from your files.' });
  if (file.kind !== 'image') throw invalid('That file is not an image.', { [field]: 'That file is not an image.' });
  await requestUploadVariants(ctx, { hash: file.blobHash, mediaType: file.mediaType });
}

export async function saveStorefront(ctx: AppContext, who: ImprintActor, input: StorefrontInput): Promise<void> {
  const current = await ctx.db
    .selectFrom('imprints')
    .select(['name', 'storeSlug', 'logoFileId', 'bannerFileId'])
    .where('id', '=', who.imprint.id)
    .executeTakeFirstOrThrow();
  await checkImage(ctx, who, 'logoFileId', input.logoFileId, current.logoFileId);
  await checkImage(ctx, who, 'bannerFileId', input.bannerFileId, current.bannerFileId);
  const published = new Set((await publishedOfImprint(ctx, who.imprint.id)).map((b) => b.id));
  const stray = input.featured.find((id) => !published.has(id));
  if (stray) throw invalid('Feature only the imprint’s published books.', { featured: 'Feature only the imprint’s published books.' });
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const storeSlug = current.storeSlug ?? (await freeSlug(trx, current.name, who.imprint.id));
    await trx
      .updateTable('imprints')
      .set({ description: input.description, logoFileId: input.logoFileId, bannerFileId: input.bannerFileId, storeSlug, updatedAt: now })
      .where('id', '=', who.imprint.id)
      .execute();
    await trx.deleteFrom('imprintFeaturedBooks').where('imprintId', '=', who.imprint.id).execute();
    if (input.featured.length > 0) {
      await trx
        .insertInto('imprintFeaturedBooks')
        .values(input.featured.map((bookId, i) => ({ imprintId: who.imprint.id, bookId, position: i + 1 })))
        .execute();
    }
    await recordAudit(trx, now, {
      actor: who.actor,
      ip: who.ip,
      action: 'imprint.storefront_saved',
      targetType: 'imprint',
      targetId: who.imprint.id,
      detail: { slug: storeSlug, logoFileId: input.logoFileId, bannerFileId: input.bannerFileId, featured: input.featured },
    });
  });
}

/** The public page's data; null when no imprint has that slug. */
export async function publicStorefront(ctx: AppContext, slug: string) {
  const imprint = await ctx.db.selectFrom('imprints').select('id').where('storeSlug', '=', slug).executeTakeFirst();
  if (!imprint) return null;
  const [storefront, rows] = await Promise.all([
    storefrontOf(ctx, imprint.id),
    listedBooks(ctx).where('books.imprintId', '=', imprint.id).orderBy('books.publishedAt', 'desc').limit(BOOKS_ON_PAGE).execute(),
  ]);
  return { storefront, books: await toCards(ctx, rows) };
}
