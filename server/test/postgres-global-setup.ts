/**
 * Vitest global set-up for `npm run test:pg`: one throwaway PostgreSQL cluster for the run, with
 * a migrated template database that every test context copies (CREATE DATABASE … TEMPLATE takes
 * milliseconds; migrating each time would not). Test files find it through QUIRE_TEST_PG_URL.
 */
import pg from 'pg';
import { migrate } from '../db/migrate';
import { openPostgres } from '../db/postgres';
import { startTestPostgres } from './postgres-server';

const TEMPLATE_DATABASE = 'quire_template';

export default async function setup() {
  if (process.env.QUIRE_TEST_DATABASE !== 'postgres') return;
  const cluster = await startTestPostgres();
  try {
    const admin = new pg.Client(cluster.url);
    await admin.connect();
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    await admin.end();
    const template = openPostgres(cluster.urlOf(TEMPLATE_DATABASE), { max: 1 });
    try {
      await migrate(template.db);
    } finally {
      await template.close();
    }
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  process.env.QUIRE_TEST_PG_URL = cluster.url;
  return () => cluster.stop();
}
