/**
 * Ninety days of plausible site activity for the demo, so /admin/analytics and the dashboard's
 * sparklines have something to draw on `npm start`: readers signing up (a few a day, more at
 * weekends and more as the weeks go by), buying books (mostly in dollars, some in euros, a few
 * refunded), and reading what they own (rows of reading_days, the raw fact of reading time).
 * The readers are accounts without a password and with private profiles: nobody signs in as them
 * and people search does not list them. Books credited to a demo account are never sold here, so
 * the demo author's earnings stay exactly what the journeys buy. Deterministic (a seeded random
 * sequence) and written once: if the first visitor exists, nothing happens.
 */
import type { Insertable } from 'kysely';
import { addDays, dayOf, DAY_MS, startOfDay } from '../../sync/analytics/days';
import { newUserRow } from '../auth/users';
import type { AppContext } from '../context';
import type { DB } from '../db/connection';
import type { OrderLinesTable, OrdersTable, UsersTable } from '../db/schema';
import { newId } from '../http/ids';
import { seededRandom } from './seeded-random';

const DAYS = 90;
const FIRST_VISITOR = 'demo-visitor-0001';
const FIRST_NAMES = [
  'Ada',
  'Bea',
  'Cal',
  'Dara',
  'Eli',
  'Fen',
  'Gus',
  'Hana',
  'Ivo',
  'Jun',
  'Kit',
  'Lior',
  'Mina',
  'Noor',
  'Otto',
  'Pia',
  'Quin',
  'Rui',
  'Suki',
  'Teo',
];
const LAST_NAMES = [
  'Abbott',
  'Berg',
  'Costa',
  'Dunn',
  'Ekwueme',
  'Faulk',
  'Grieg',
  'Haas',
  'Iqbal',
  'Jansen',
  'Kowal',
  'Lund',
  'Moss',
  'Novak',
  'Oduya',
  'Park',
];

interface SeedBook {
  id: string;
  title: string;
  priceCents: number;
  /** Sold here: priced and not credited to a demo account. */
  forSale: boolean;
}

async function seedBooks(db: DB, demoAccountIds: string[]): Promise<SeedBook[]> {
  const books = await db
    .selectFrom('books')
    .select(['id', 'title', 'priceCents'])
    .where('status', '=', 'published')
    .where('id', 'like', 'demo-%')
    .orderBy('id')
    .execute();
  const credited = new Set(
    (
      await db
        .selectFrom('bookContributors')
        .select('bookId')
        .where('userId', 'in', demoAccountIds.length ? demoAccountIds : [''])
        .execute()
    ).map((r) => r.bookId),
  );
  return books.map((b) => ({ ...b, forSale: b.priceCents > 0 && !credited.has(b.id) }));
}

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 200) await insert(rows.slice(i, i + 200));
}

/** Returns how many readers it added (0 when the activity was seeded before, or there are no books). */
export async function seedDemoActivity(ctx: AppContext, demoAccountIds: string[]): Promise<number> {
  const db = ctx.db;
  if (await db.selectFrom('users').select('id').where('id', '=', FIRST_VISITOR).executeTakeFirst()) return 0;
  const books = await seedBooks(db, demoAccountIds);
  const forSale = books.filter((b) => b.forSale);
  if (!forSale.length) return 0;
  const rand = seededRandom(14);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const now = ctx.now();
  const today = dayOf(now);
  // Each book's appeal: a few books sell and are read far more than the rest.
  const appeal = new Map(books.map((b, i) => [b.id, 1 / (1 + ((i * 7) % books.length))]));
  const weighted = (list: SeedBook[]) => {
    const total = list.reduce((s, b) => s + appeal.get(b.id)!, 0);
    let r = rand() * total;
    for (const b of list) if ((r -= appeal.get(b.id)!) <= 0) return b;
    return list[list.length - 1]!;
  };
  /** An instant on `day` (before now, on today), between the given hours. */
  const free = books.filter((b) => b.priceCents === 0);
  // Whole milliseconds: times are integers in the database (PostgreSQL's BIGINT refuses a fraction).
  const timeOn = (day: string, fromHour = 7, toHour = 23) =>
    Math.min(now - 60_000, startOfDay(day) + Math.round((fromHour + rand() * (toHour - fromHour)) * 3_600_000));

  const users: UsersTable[] = [];
  const orders: Insertable<OrdersTable>[] = [];
  const lines: Insertable<OrderLinesTable>[] = [];
  const library = new Map<string, { userId: string; bookId: string; source: 'purchase' | 'claim'; acquiredAt: number }>();
  const reading = new Map<string, { day: string; userId: string; bookId: string; readingMs: number; lastAt: number }>();
  const owned = new Map<string, string[]>();
  const own = (userId: string, bookId: string, source: 'purchase' | 'claim', at: number) => {
    if (library.has(`${userId}:${bookId}`)) return;
    library.set(`${userId}:${bookId}`, { userId, bookId, source, acquiredAt: at });
    owned.set(userId, [...(owned.get(userId) ?? []), bookId]);
  };
  let number = Number(
    (
      await db
        .selectFrom('orders')
        .select((eb) => eb.fn.max('number').as('n'))
        .executeTakeFirst()
    )?.n ?? 0,
  );

  for (let i = DAYS - 1; i >= 0; i--) {
    const day = addDays(today, -i);
    const weekend = [0, 6].includes(new Date(startOfDay(day)).getUTCDay());
    const growth = 1 + (DAYS - i) / DAYS; // twice as busy at the end as at the start
    const signUps = Math.round((1 + rand() * 3) * growth * (weekend ? 1.4 : 1));
    for (let s = 0; s < signUps; s++) {
      const n = String(users.length + 1).padStart(4, '0');
      const createdAt = timeOn(day);
      const name = `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`;
      users.push({
        ...newUserRow(
          {
            id: `demo-visitor-${n}`,
            email: `visitor-${n}@readers.quire.test`,
            username: `visitor${n}`,
            displayName: name,
            passwordHash: null,
            emailVerifiedAt: createdAt,
          },
          createdAt,
        ),
        profileVisibility: 'private',
      });
    }
    const members = users.filter((u) => u.createdAt < startOfDay(day) + DAY_MS);
    if (!members.length) continue;
    // Sales: a handful a day, more at weekends.
    const sales = Math.round((1 + rand() * 4) * growth * (weekend ? 1.5 : 1));
    for (let s = 0; s < sales; s++) {
      const buyer = pick(members);
      const book = weighted(forSale);
      const paidAt = Math.max(timeOn(day), buyer.createdAt + 60_000);
      if (paidAt > now) continue;
      const euro = rand() < 0.15;
      const refundedAt = rand() < 0.04 ? Math.min(now - 30_000, paidAt + Math.round((1 + rand() * 3) * DAY_MS)) : null;
      const id = newId();
      orders.push({
        id,
        number: ++number,
        buyerId: buyer.id,
        status: refundedAt ? 'refunded' : 'paid',
        currency: euro ? 'EUR' : 'USD',
        totalCents: book.priceCents,
        refundedCents: refundedAt ? book.priceCents : 0,
        provider: 'test',
        providerSessionId: `demo-activity-${id}`,
        paymentIntentId: null,
        customerEmail: buyer.email,
        createdAt: paidAt - 90_000,
        paidAt,
        failedAt: null,
        expiredAt: null,
        failureMessage: null,
      });
      lines.push({
        id: newId(),
        orderId: id,
        bookId: book.id,
        title: book.title,
        unitPriceCents: book.priceCents,
        refundRequestedAt: refundedAt,
        refundedCents: refundedAt ? book.priceCents : 0,
        refundedAt,
      });
      if (!refundedAt) own(buyer.id, book.id, 'purchase', paidAt);
    }
    // Reading: about one member in four opens a book they own (or a free one) on a given day.
    for (const member of members) {
      if (rand() > 0.25) continue;
      const shelf = owned.get(member.id) ?? [];
      const bookId = shelf.length && (rand() < 0.8 || !free.length) ? pick(shelf) : free.length ? weighted(free).id : null;
      if (!bookId) continue;
      const lastAt = Math.max(timeOn(day, 6, 24), member.createdAt + 60_000);
      if (lastAt > now || dayOf(lastAt) !== day) continue;
      own(member.id, bookId, 'claim', lastAt);
      reading.set(`${day}:${member.id}:${bookId}`, { day, userId: member.id, bookId, readingMs: Math.round((4 + rand() * 50) * 60_000), lastAt });
    }
  }

  await db.transaction().execute(async (trx) => {
    await insertChunked(users, (chunk) => trx.insertInto('users').values(chunk).execute());
    await insertChunked(orders, (chunk) => trx.insertInto('orders').values(chunk).execute());
    await insertChunked(lines, (chunk) => trx.insertInto('orderLines').values(chunk).execute());
    await insertChunked([...library.values()], (chunk) =>
      trx
        .insertInto('libraryEntries')
        .values(chunk)
        .onConflict((oc) => oc.doNothing())
        .execute(),
    );
    await insertChunked([...reading.values()], (chunk) => trx.insertInto('readingDays').values(chunk).execute());
  });
  return users.length;
}
