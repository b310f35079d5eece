/**
 * chapter_versions rows (migration 006): write a version with its rendering, list a chapter's
 * versions newest first with their authors' usernames, read one, thin the automatic ones.
 */
import type { VersionReason, VersionSummary } from '../../../sync/api/versions';
import type { DB } from '../../db/connection';
import type { ChapterVersionsTable } from '../../db/schema';
import { newId } from '../../http/ids';
import { versionsToThin } from './thinning';

/** A version as written: the row without its id, which the store assigns. */
export type NewVersion = Omit<ChapterVersionsTable, 'id'>;

/** Enough for a person scrolling back; thinning keeps the full list far below it for years. */
const VERSION_LIST_LIMIT = 200;

const SUMMARY_COLUMNS = [
  'chapterVersions.id',
  'chapterVersions.kind',
  'chapterVersions.reason',
  'chapterVersions.name',
  'chapterVersions.authorId',
  'chapterVersions.wordCount',
  'chapterVersions.createdAt',
  'users.username',
] as const;

type SummaryRow = {
  id: string;
  kind: 'auto' | 'named';
  reason: VersionReason;
  name: string | null;
  authorId: string | null;
  wordCount: number;
  createdAt: number;
  username: string | null;
};

function toSummary(row: SummaryRow): VersionSummary {
  const { authorId, username, ...rest } = row;
  return { ...rest, author: authorId && username ? { id: authorId, username } : null };
}

export class VersionStore {
  constructor(private readonly db: DB) {}

  async insert(version: NewVersion): Promise<VersionSummary> {
    const id = newId();
    await this.db
      .insertInto('chapterVersions')
      .values({ id, ...version })
      .execute();
    return (await this.summary(version.docName, id))!;
  }

  async list(docName: string): Promise<{ versions: VersionSummary[]; truncated: boolean }> {
    const rows = await this.db
      .selectFrom('chapterVersions')
      .leftJoin('users', 'users.id', 'chapterVersions.authorId')
      .select(SUMMARY_COLUMNS)
      .where('chapterVersions.docName', '=', docName)
      .orderBy('chapterVersions.createdAt', 'desc')
      .orderBy('chapterVersions.id', 'desc')
      .limit(VERSION_LIST_LIMIT + 1)
      .execute();
    return { versions: rows.slice(0, VERSION_LIST_LIMIT).map(toSummary), truncated: rows.length > VERSION_LIST_LIMIT };
  }

  async summary(docName: string, id: string): Promise<VersionSummary | undefined> {
    const row = await this.db
      .selectFrom('chapterVersions')
      .leftJoin('users', 'users.id', 'chapterVersions.authorId')
      .select(SUMMARY_COLUMNS)
      .where('chapterVersions.docName', '=', docName)
      .where('chapterVersions.id', '=', id)
      .executeTakeFirst();
    return row ? toSummary(row) : undefined;
  }

  /** One version with its content; undefined when it is not a version of this document. */
  get(docName: string, id: string) {
    return this.db.selectFrom('chapterVersions').select(['state', 'html', 'text']).where('docName', '=', docName).where('id', '=', id).executeTakeFirst();
  }

  /** The newest version: when it was taken and its state (to skip a snapshot identical to it). */
  latest(docName: string) {
    return this.db
      .selectFrom('chapterVersions')
      .select(['createdAt', 'state'])
      .where('docName', '=', docName)
      .orderBy('createdAt', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async rename(docName: string, id: string, name: string): Promise<boolean> {
    const result = await this.db
      .updateTable('chapterVersions')
      .set({ name })
      .where('docName', '=', docName)
      .where('id', '=', id)
      .where('kind', '=', 'named')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async deleteNamed(docName: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('chapterVersions')
      .where('docName', '=', docName)
      .where('id', '=', id)
      .where('kind', '=', 'named')
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Apply the thinning rule (thinning.ts) to the document's automatic versions; returns how many went. */
  async thin(docName: string, now: number): Promise<number> {
    const autos = await this.db.selectFrom('chapterVersions').select(['id', 'createdAt']).where('docName', '=', docName).where('kind', '=', 'auto').execute();
    const drop = versionsToThin(autos, now);
    if (drop.length > 0) await this.db.deleteFrom('chapterVersions').where('id', 'in', drop).execute();
    return drop.length;
  }
}
