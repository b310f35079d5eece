/** A query compiled once answers each run with that run's values, through the plugins. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compiledQuery } from './compiled-query';
import { openDatabase, type DatabaseHandle } from './connection';
import { migrate } from './migrate';

let handle: DatabaseHandle;
let dir: string;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-compiled-query-'));
  handle = openDatabase(path.join(dir, 'db.sqlite'));
  await migrate(handle.db);
  for (const id of ['ann', 'bob']) {
    await handle.db
      .insertInto('users')
      .values({
        id,
        email: `${id}@x.test`,
        username: id,
        displayName: id.toUpperCase(),
        passwordHash: null,
        emailVerifiedAt: null,
        status: 'active',
        rolesVersion: 1,
        bio: '',
        avatarUrl: null,
        profileVisibility: 'public',
        theme: 'system',
        deletionDueAt: null,
        createdAt: 1,
        updatedAt: 1,
      })
      .execute();
  }
});
afterEach(async () => {
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const byEmail = compiledQuery((db, slot: (name: 'email' | 'status') => string) =>
  db
    .selectFrom('users')
    .select(['id', 'displayName'])
    .where('email', '=', slot('email'))
    .where('status', '=', slot('status') as 'active')
    .where('rolesVersion', '=', 1),
);

describe('compiledQuery', () => {
  it('runs with each call’s values, constants kept, rows camelCased as Kysely returns them', async () => {
    expect(await byEmail(handle.db, { email: 'ann@x.test', status: 'active' })).toEqual([{ id: 'ann', displayName: 'ANN' }]);
    expect(await byEmail(handle.db, { email: 'bob@x.test', status: 'active' })).toEqual([{ id: 'bob', displayName: 'BOB' }]);
    expect(await byEmail(handle.db, { email: 'bob@x.test', status: 'suspended' })).toEqual([]);
  });

  it('refuses a slot that does not end up as a parameter', async () => {
    const broken = compiledQuery((db, slot: (name: 'id') => string) =>
      db
        .selectFrom('users')
        .select('id')
        .where('id', '=', 'ann')
        .$if(slot('id') === '', (q) => q),
    );
    await expect(broken(handle.db, { id: 'ann' })).rejects.toThrow(/slot/);
  });
});
