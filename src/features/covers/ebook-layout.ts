/**
 * Where things go on an ebook cover (/cover): text layers wrapped to the cover's width inside the
 * safe margins, their default places, a dragged or arrow-moved layer kept inside the cover, and
 * the geometry of the background (an image filling the cover, a gradient's line). Pure: the page
 * measures text with a canvas, the tests with a stand-in, and both lay out the same way. Every
 * number is in the exported image's pixels (1600 × 2560).
 */
import { COVER_HEIGHT, COVER_WIDTH, type CoverDesign, type CoverFont, type TextLayer } from '../../../sync/covers/design';
import { wrapLines } from './cover-text';

/** Text keeps this far from every edge: stores crop thumbnails and round corners. */
export const SAFE_MARGIN = 96;
const LINE_HEIGHT = 1.2;
/** One arrow-key press moves a layer this far; with Shift, ten times as far. */
const ARROW_STEP = 16;

/** Width in cover pixels of `text` set in `font` at `size` px. */
export type MeasureText = (text: string, font: CoverFont, size: number) => number;

interface Box {
  /** Top-left corner and size, in cover pixels. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LaidOutLayer {
  /** Each line and the y of its middle; lines are centred on the layer's x. */
  lines: { text: string; y: number }[];
  box: Box;
}

const MAX_TEXT_WIDTH = COVER_WIDTH - 2 * SAFE_MARGIN;

/** A word wider than the line is cut into pieces that fit (a long name must not run off the cover). */
function splitLongWord(word: string, maxWidth: number, widthOf: (s: string) => number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece && widthOf(piece + char) > maxWidth) {
      pieces.push(piece);
      piece = char;
    } else piece += char;
  }
  return piece ? [...pieces, piece] : pieces;
}

/** Lines of `text` no wider than `maxWidth`: broken at spaces, new lines kept, over-long words cut. */
export function wrapToWidth(text: string, maxWidth: number, widthOf: (s: string) => number): string[] {
  return wrapLines(text, maxWidth, widthOf).flatMap((line) => (widthOf(line) > maxWidth ? splitLongWord(line, maxWidth, widthOf) : [line]));
}

/** The layer's lines and the box around them, centred on (x, y). Empty text lays out nothing. */
export function layoutLayer(layer: TextLayer, measure: MeasureText): LaidOutLayer {
  const widthOf = (s: string) => measure(s, layer.font, layer.size);
  const lines = layer.text.trim() ? wrapToWidth(layer.text.trim(), MAX_TEXT_WIDTH, widthOf) : [];
  const lineHeight = layer.size * LINE_HEIGHT;
  const width = Math.max(0, ...lines.map(widthOf));
  const height = lines.length * lineHeight;
  const top = layer.y - height / 2;
  return {
    lines: lines.map((text, i) => ({ text, y: top + (i + 0.5) * lineHeight })),
    box: { x: layer.x - width / 2, y: top, width, height },
  };
}

function clampAxis(centre: number, size: number, extent: number): number {
  const min = SAFE_MARGIN + size / 2;
  const max = extent - SAFE_MARGIN - size / 2;
  // A block bigger than the safe area is centred: no position would keep it inside.
  if (min > max) return extent / 2;
  return Math.min(max, Math.max(min, centre));
}

/** The nearest centre to (x, y) that keeps a block of this size inside the safe margins. */
export function clampCentre(x: number, y: number, size: { width: number; height: number }): { x: number; y: number } {
  return { x: Math.round(clampAxis(x, size.width, COVER_WIDTH)), y: Math.round(clampAxis(y, size.height, COVER_HEIGHT)) };
}

/** The layer moved to (x, y), or as near as the cover allows. */
export function placeLayer(layer: TextLayer, x: number, y: number, measure: MeasureText): TextLayer {
  const { box } = layoutLayer(layer, measure);
  return { ...layer, ...clampCentre(x, y, box) };
}

/** The layer after an arrow key: ARROW_STEP (× 10 with Shift) in the key's direction, kept inside. */
export function nudgeLayer(layer: TextLayer, key: string, shift: boolean, measure: MeasureText): TextLayer | null {
  const step = shift ? ARROW_STEP * 10 : ARROW_STEP;
  const delta: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
  const d = delta[key];
  return d ? placeLayer(layer, layer.x + d[0], layer.y + d[1], measure) : null;
}

/** A new design: the title in the upper third, the author near the foot, on a dusk gradient. */
export function defaultDesign(title = 'Your Book Title', author = ''): CoverDesign {
  return {
    background: { kind: 'gradient', from: '#1f3a4d', to: '#0b1320', angle: 180 },
    title: { text: title, font: 'bold', size: 150, colour: '#f6efe3', x: COVER_WIDTH / 2, y: Math.round(COVER_HEIGHT * 0.3) },
    author: { text: author, font: 'regular', size: 80, colour: '#f6efe3', x: COVER_WIDTH / 2, y: COVER_HEIGHT - SAFE_MARGIN - 200 },
  };
}

/** The part of a source image that fills the cover, centred (CSS object-fit: cover). */
export function coverCrop(width: number, height: number): Box {
  const scale = Math.max(COVER_WIDTH / width, COVER_HEIGHT / height);
  const w = COVER_WIDTH / scale;
  const h = COVER_HEIGHT / scale;
  return { x: (width - w) / 2, y: (height - h) / 2, width: w, height: h };
}

/**
 * A linear gradient's start and end points for an angle as CSS reads it (0 bottom to top, 90 left
 * to right): through the centre, long enough that the corners get the end colours.
 */
export function gradientLine(angle: number): { x0: number; y0: number; x1: number; y1: number } {
  const rad = (angle * Math.PI) / 180;
  const dx = Math.sin(rad);
  const dy = -Math.cos(rad);
  const half = (Math.abs(COVER_WIDTH * dx) + Math.abs(COVER_HEIGHT * dy)) / 2;
  const cx = COVER_WIDTH / 2;
  const cy = COVER_HEIGHT / 2;
  return { x0: cx - dx * half, y0: cy - dy * half, x1: cx + dx * half, y1: cy + dy * half };
}
