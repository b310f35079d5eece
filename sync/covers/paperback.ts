/**
 * A manuscript's saved paperback cover (/kdp-cover?manuscript=…, decision 069) and the page counts
 * of its print layout, as schemas both sides parse: the page checks a design before saving, the
 * server answers 422 at the field with the same messages. The design is the /kdp-cover designer's
 * whole state; `pages` is the count it was last saved with, so reopening it can tell that the
 * print layout has changed since.
 */
import { z } from 'zod';
import { TRIMS } from '../print/trim';

/** The papers of src/features/covers/kdp-maths.ts (its test checks the two lists agree). */
export const PAPER_IDS = ['white', 'cream', 'standard-colour', 'premium-colour'] as const;
/** KDP's paperback page range (DOMAIN.md), as kdp-maths.ts's MIN_PAGES and MAX_PAGES. */
export const COVER_PAGES = { min: 24, max: 828 } as const;
/** A print layout longer than this is not a book anyone typesets in a browser. */
const LAYOUT_PAGES_MAX = 100_000;

const colour = z.string().regex(/^#[0-9a-f]{6}$/i, 'Pick a colour as #rrggbb.');
const trimId = z.string({ error: 'Pick one of the trim sizes offered.' }).refine((id) => TRIMS.some((t) => t.id === id), 'Pick one of the trim sizes offered.');

export const PaperbackDesignSchema = z.object({
  trimId,
  paper: z.enum(PAPER_IDS, { error: 'Pick one of the papers offered.' }),
  pages: z
    .number({ error: 'Enter the page count as a whole number.' })
    .int('Enter the page count as a whole number.')
    .min(COVER_PAGES.min, `KDP prints paperbacks of ${COVER_PAGES.min} pages or more.`)
    .max(COVER_PAGES.max, `KDP prints paperbacks of at most ${COVER_PAGES.max} pages.`),
  title: z.string().max(160, 'Keep the title under 160 characters.'),
  author: z.string().max(120, 'Keep the author under 120 characters.'),
  blurb: z.string().max(2000, 'Keep the blurb under 2000 characters.'),
  background: colour,
  ink: colour,
});
export type PaperbackDesign = z.infer<typeof PaperbackDesignSchema>;

export const PaperbackCoverInput = z.strictObject({ design: PaperbackDesignSchema });

/** What /printable tells the server when it has typeset a manuscript at a trim. */
export const PrintLayoutInput = z.strictObject({
  trimId,
  pages: z
    .number({ error: 'Send the page count as a whole number.' })
    .int('Send the page count as a whole number.')
    .min(1, 'A print layout has at least one page.')
    .max(LAYOUT_PAGES_MAX, `At most ${LAYOUT_PAGES_MAX} pages.`),
});
