/**
 * Two demo blog posts by the demo admin, published a few days before the demo was first seeded.
 * Stable ids and slugs (`demo-post-…`), so journeys can name them; a post that exists (or whose
 * slug another post took) is left alone, so an admin's edits survive restarts.
 */
import type { AppContext } from '../context';
import { sanitizePostBody } from '../blog/sanitize';

const DAY = 24 * 60 * 60 * 1000;

interface DemoPost {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  tags: string[];
  daysBefore: number;
  body: string;
}

export const DEMO_POSTS: DemoPost[] = [
  {
    id: 'demo-post-welcome',
    slug: 'welcome-to-quire',
    title: 'Welcome to Quire: a home for books and the people who make them',
    excerpt: 'Why we built a bookshop that also works offline, an editor for co-authors, and a way to publish without a middleman.',
    tags: ['news', 'reading'],
    daysBefore: 6,
    body: `
<p>Quire started with a simple wish: that a book should be as easy to carry as a phone, and as easy to write as a letter to a friend.</p>
<h2>Read anywhere, even offline</h2>
<p>Every book you buy or claim is yours on every device. Download it once and it opens on the train, on a plane, or in a cabin with no signal. Your place, highlights and notes follow you when you come back online.</p>
<h2>Write together</h2>
<p>Authors write in the same editor at the same time, with comments in the margin and a history of every version. When the manuscript is ready, send it to the store from the <strong>Publish</strong> page.</p>
<blockquote><p>“A quire is a set of folded sheets sewn together: the start of every bound book.”</p></blockquote>
<p>Thank you for being here early. Tell us what you would like to read next.</p>`,
  },
  {
    id: 'demo-post-offline-reading',
    slug: 'five-ways-to-read-offline',
    title: 'Five ways to make the most of reading offline',
    excerpt: 'Downloads, reading lists, highlights and a few settings that make a long journey with a good book even better.',
    tags: ['reading', 'tips'],
    daysBefore: 2,
    body: `
<p>Quire keeps working when the connection does not. Here is how readers on our beta use it.</p>
<ol>
<li><strong>Download before you go.</strong> Open a book in your library and choose <em>Download</em>; it stays on the device until you remove it.</li>
<li><strong>Highlight freely.</strong> Highlights and notes are saved on the device first and sync when you are back online.</li>
<li><strong>Keep a reading list.</strong> Lists you make offline appear on your other devices later.</li>
<li><strong>Set the page the way you like it.</strong> Type size, spacing and theme are remembered per device.</li>
<li><strong>Browse the store you saw last.</strong> Shelves and book pages you visited stay readable offline.</li>
</ol>
<p>Have a tip of your own? Message Quire support and we may share it in a future post.</p>`,
  },
];

/** Writes the demo posts the database does not have; returns how many it wrote. */
export async function seedDemoBlog(ctx: AppContext, adminId: string | undefined, anchor: number): Promise<number> {
  let created = 0;
  for (const post of DEMO_POSTS) {
    const publishedAt = anchor - post.daysBefore * DAY;
    const written = await ctx.db.transaction().execute(async (trx) => {
      const taken = await trx
        .selectFrom('blogPosts')
        .select('id')
        .where((eb) => eb.or([eb('id', '=', post.id), eb('slug', '=', post.slug)]))
        .executeTakeFirst();
      if (taken) return false;
      await trx
        .insertInto('blogPosts')
        .values({
          id: post.id,
          slug: post.slug,
          title: post.title,
          excerpt: post.excerpt,
          bodyHtml: sanitizePostBody(post.body.trim()),
          coverFileId: null,
          authorId: adminId ?? null,
          state: 'published',
          scheduledAt: null,
          publishedAt,
          createdAt: publishedAt,
          updatedAt: publishedAt,
        })
        .execute();
      await trx
        .insertInto('blogPostTags')
        .values(post.tags.map((tag, position) => ({ tag, postId: post.id, position })))
        .execute();
      return true;
    });
    if (written) created++;
  }
  return created;
}
