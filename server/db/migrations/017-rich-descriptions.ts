/**
 * Descriptions become rich text (server/books/description.ts): the plain text stored so far
 * becomes paragraphs, so the book page can render every description the same way.
 */
import { sql, type Kysely } from 'kysely';
import { sanitizeDescription } from '../../books/description';

export async function up(db: Kysely<unknown>): Promise<void> {
  const books = await sql<{ id: string; description: string }>`SELECT id, description FROM books WHERE description != ''`.execute(db);
  for (const b of books.rows) {
    await sql`UPDATE books SET description = ${sanitizeDescription(b.description)} WHERE id = ${b.id}`.execute(db);
  }
}

export async function down(): Promise<void> {
  // Paragraph markup is kept: it is valid in either version.
}
