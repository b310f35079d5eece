/**
 * An ebook cover design (/cover, decision 042) as one schema both sides parse: the page checks a
 * design before saving it, the server answers 422 with the same messages. Positions and sizes are
 * in the exported image's own pixels (1600 × 2560, DOMAIN.md's 1 : 1.6), so the preview is the
 * same drawing scaled down and a saved design means the same picture on every screen.
 */
import { z } from 'zod';

export const COVER_WIDTH = 1600;
export const COVER_HEIGHT = 2560;
/** What stores accept as an ebook cover at all (DOMAIN.md): the shortest side at least, the longest at most. */
export const COVER_MIN_SIDE = 1000;
export const COVER_MAX_SIDE = 10_000;

/**
 * The faces a cover may use: only the font Quire ships (Libre Baskerville, OFL, in the styles its
 * package carries), so the exported image looks the same on every device that draws it.
 */
export const COVER_FONTS = {
  regular: { label: 'Libre Baskerville', weight: 400, style: 'normal' },
  italic: { label: 'Libre Baskerville Italic', weight: 400, style: 'italic' },
  bold: { label: 'Libre Baskerville Bold', weight: 700, style: 'normal' },
  'bold-italic': { label: 'Libre Baskerville Bold Italic', weight: 700, style: 'italic' },
} as const;
export type CoverFont = keyof typeof COVER_FONTS;
const FONT_IDS = Object.keys(COVER_FONTS) as [CoverFont, ...CoverFont[]];

export const TEXT_SIZE = { min: 24, max: 400 } as const;
const TEXT_MAX = 200;
const NAME_MAX = 120;

const colour = z.string().regex(/^#[0-9a-f]{6}$/i, 'Pick a colour as #rrggbb.');
const fileId = z.string().regex(/^[a-z2-7]{24}$/, 'Pick an image from your files.');

const TextLayerSchema = z.object({
  text: z.string().max(TEXT_MAX, `Keep it under ${TEXT_MAX} characters.`),
  font: z.enum(FONT_IDS, { error: 'Pick one of the fonts offered.' }),
  /** Font size in cover pixels. */
  size: z.number().int().min(TEXT_SIZE.min, `At least ${TEXT_SIZE.min} px.`).max(TEXT_SIZE.max, `At most ${TEXT_SIZE.max} px.`),
  colour,
  /** The centre of the text block, in cover pixels. */
  x: z.number().min(0).max(COVER_WIDTH),
  y: z.number().min(0).max(COVER_HEIGHT),
});
export type TextLayer = z.infer<typeof TextLayerSchema>;

const BackgroundSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('colour'), colour }),
  /** A linear gradient along `angle` degrees (CSS convention: 0 runs bottom to top, 90 left to right). */
  z.object({ kind: z.literal('gradient'), from: colour, to: colour, angle: z.number().int().min(0).max(359) }),
  /** An image from the owner's /files, scaled to fill the cover and centred. */
  z.object({ kind: z.literal('image'), fileId, tint: z.number().min(0).max(0.8) }),
]);
export type Background = z.infer<typeof BackgroundSchema>;

export const CoverDesignSchema = z.object({
  background: BackgroundSchema,
  title: TextLayerSchema,
  author: TextLayerSchema,
});
export type CoverDesign = z.infer<typeof CoverDesignSchema>;

export const CoverDesignInput = z.strictObject({
  name: z.string({ error: 'Name the design.' }).trim().min(1, 'Name the design.').max(NAME_MAX, `Keep the name under ${NAME_MAX} characters.`),
  design: CoverDesignSchema,
});
export type CoverDesignInput = z.input<typeof CoverDesignInput>;
