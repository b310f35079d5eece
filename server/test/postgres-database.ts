/**
 * A fresh database per test context when the run is on PostgreSQL (`npm run test:pg`): a copy
 * of the migrated template that server/test/postgres-global-setup.ts made, dropped afterwards.
 * Null when the run is on SQLite.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

async function onCluster(clusterUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client(clusterUrl);
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export async function testPostgresDatabase(): Promise<TestDatabase | null> {
  const clusterUrl = process.env.QUIRE_TEST_PG_URL;
  if (!clusterUrl) return null;
  const name = `quire_test_${randomBytes(6).toString('hex')}`;
  await onCluster(clusterUrl, `CREATE DATABASE ${name} TEMPLATE quire_template`);
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onCluster(clusterUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
