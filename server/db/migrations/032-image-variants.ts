/**
 * Image variants and the queue's admin views (server/images, server/jobs, decision 039).
 * - `image_variants`: one row per (original, width, format) — a WebP or AVIF copy of a cover or an
 *   uploaded image, made by the `image.variants` job. The original is named by its blob hash and
 *   is deliberately not a foreign key: releasing the original must stay possible, and drops its
 *   variants (server/images/cleanup.ts). The variant's own bytes are a blob like any other, held by
 *   the foreign key on `blob_hash`. `width` is the width asked for; `out_width` what was made (never
 *   wider than the original).
 * - Indexes for the admin pages: jobs by (state, finished_at) answers throughput and the latest
 *   failures; variants by state for the counts, by blob_hash for serving one.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE image_variants (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      source_hash TEXT NOT NULL,
      width INTEGER NOT NULL,
      format TEXT NOT NULL CHECK (format IN ('webp','avif')),
      state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending','done','failed')),
      blob_hash TEXT REFERENCES blobs(hash),
      out_width INTEGER,
      out_height INTEGER,
      bytes INTEGER,
      error TEXT,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      UNIQUE (source_hash, width, format)
    )`.execute(db);
  await sql`CREATE INDEX image_variants_state ON image_variants(state, updated_at)`.execute(db);
  await sql`CREATE INDEX image_variants_blob ON image_variants(blob_hash)`.execute(db);
  await sql`CREATE INDEX jobs_finished ON jobs(state, finished_at)`.execute(db);
}
