/**
 * Orders, their lines and the payment events already applied (server/payments). An order keeps
 * the facts the provider reported (paid_at, failed_at, expired_at, refunded_cents) and a status
 * derived from them, stored for the admin filter. payment_events' primary key is how a repeated
 * webhook is recognised: its row is inserted in the same transaction as the event's effect.
 * Orders outlive their buyer's account and the book (accounting), hence SET NULL.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE orders (
      id TEXT PRIMARY KEY,
      number INTEGER NOT NULL UNIQUE,
      buyer_id TEXT REFERENCES users(id) ON DELETE SET NULL,
      status TEXT NOT NULL CHECK (status IN ('pending','paid','partially_refunded','refunded','failed','expired')),
      currency TEXT NOT NULL,
      total_cents INTEGER NOT NULL CHECK (total_cents >= 0),
      refunded_cents INTEGER NOT NULL DEFAULT 0,
      provider TEXT NOT NULL CHECK (provider IN ('stripe','test')),
      provider_session_id TEXT,
      payment_intent_id TEXT,
      customer_email TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      paid_at INTEGER,
      failed_at INTEGER,
      expired_at INTEGER,
      failure_message TEXT
    )`.execute(db);
  // /my-purchases (newest first), the admin list with and without a status, the test payment
  // page and webhooks finding their order, the bestsellers window.
  await sql`CREATE INDEX orders_buyer ON orders(buyer_id, created_at)`.execute(db);
  await sql`CREATE INDEX orders_created ON orders(created_at)`.execute(db);
  await sql`CREATE INDEX orders_status ON orders(status, created_at)`.execute(db);
  await sql`CREATE UNIQUE INDEX orders_session ON orders(provider, provider_session_id)`.execute(db);
  await sql`CREATE INDEX orders_payment_intent ON orders(payment_intent_id)`.execute(db);
  await sql`CREATE INDEX orders_paid ON orders(paid_at) WHERE paid_at IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE order_lines (
      id TEXT PRIMARY KEY,
      order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      book_id TEXT REFERENCES books(id) ON DELETE SET NULL,
      title TEXT NOT NULL,
      unit_price_cents INTEGER NOT NULL CHECK (unit_price_cents >= 0),
      refund_requested_at INTEGER,
      refunded_cents INTEGER NOT NULL DEFAULT 0,
      refunded_at INTEGER
    )`.execute(db);
  await sql`CREATE INDEX order_lines_order ON order_lines(order_id)`.execute(db);
  await sql`CREATE INDEX order_lines_book ON order_lines(book_id)`.execute(db);

  await sql`
    CREATE TABLE payment_events (
      provider TEXT NOT NULL,
      event_id TEXT NOT NULL,
      type TEXT NOT NULL,
      order_id TEXT,
      received_at INTEGER NOT NULL,
      PRIMARY KEY (provider, event_id)
    )`.execute(db);
  await sql`CREATE INDEX payment_events_order ON payment_events(order_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE payment_events`.execute(db);
  await sql`DROP TABLE order_lines`.execute(db);
  await sql`DROP TABLE orders`.execute(db);
}
