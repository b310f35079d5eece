/**
 * `npm run seed`: migrate the database at DATA_DIR (default ./data) and add the demo content.
 * Safe to run again; it only adds what is missing.
 */
import { loadConfig } from '../server/config';
import { seedDemo } from '../server/seed/seed-demo';
import { buildContext } from '../server/server';

// Seeding writes rows only; no live channel needs Redis, and its open connection would keep the script running.
const { ctx, handle } = await buildContext({ ...loadConfig(), redisUrl: null });
try {
  await seedDemo(ctx);
  const books = await ctx.db
    .selectFrom('books')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  console.log(`Demo content is in place in ${ctx.config.dataDir} (${books.n} books).`);
} finally {
  await handle.close();
}
