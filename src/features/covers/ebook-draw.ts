/**
 * Draws an ebook cover on a canvas in cover pixels (1600 × 2560): the background (colour,
 * gradient, or an image filling the cover under an optional dark tint), then the title and author
 * layers as ebook-layout.ts places them. The preview calls it on a small canvas scaled down, the
 * export on a full-size one: one drawing, two sizes.
 */
import { COVER_HEIGHT, COVER_WIDTH, type CoverDesign, type TextLayer } from '../../../sync/covers/design';
import { canvasFont } from './ebook-fonts';
import { coverCrop, gradientLine, layoutLayer, type MeasureText } from './ebook-layout';

function drawBackground(ctx: CanvasRenderingContext2D, design: CoverDesign, image: HTMLImageElement | null) {
  const bg = design.background;
  if (bg.kind === 'colour') {
    ctx.fillStyle = bg.colour;
  } else if (bg.kind === 'gradient') {
    const { x0, y0, x1, y1 } = gradientLine(bg.angle);
    const gradient = ctx.createLinearGradient(x0, y0, x1, y1);
    gradient.addColorStop(0, bg.from);
    gradient.addColorStop(1, bg.to);
    ctx.fillStyle = gradient;
  } else {
    // Until the image has loaded (or if it is gone) a neutral grey stands in.
    ctx.fillStyle = '#4b5563';
  }
  ctx.fillRect(0, 0, COVER_WIDTH, COVER_HEIGHT);
  if (bg.kind === 'image' && image && image.naturalWidth > 0) {
    const crop = coverCrop(image.naturalWidth, image.naturalHeight);
    ctx.drawImage(image, crop.x, crop.y, crop.width, crop.height, 0, 0, COVER_WIDTH, COVER_HEIGHT);
    if (bg.tint > 0) {
      ctx.fillStyle = `rgba(0, 0, 0, ${bg.tint})`;
      ctx.fillRect(0, 0, COVER_WIDTH, COVER_HEIGHT);
    }
  }
}

function drawLayer(ctx: CanvasRenderingContext2D, layer: TextLayer, measure: MeasureText) {
  const { lines } = layoutLayer(layer, measure);
  ctx.font = canvasFont(layer.font, layer.size);
  ctx.fillStyle = layer.colour;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const line of lines) ctx.fillText(line.text, layer.x, line.y);
}

/** Draws the whole cover; `ctx` must already be scaled so one unit is one cover pixel. */
export function drawCover(ctx: CanvasRenderingContext2D, design: CoverDesign, image: HTMLImageElement | null, measure: MeasureText): void {
  drawBackground(ctx, design, image);
  drawLayer(ctx, design.title, measure);
  drawLayer(ctx, design.author, measure);
}

export type ExportType = 'image/png' | 'image/jpeg';

/** The cover at full size, 1600 × 2560, as a PNG or JPEG (quality 0.92). */
export async function renderCover(design: CoverDesign, image: HTMLImageElement | null, measure: MeasureText, type: ExportType): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = COVER_WIDTH;
  canvas.height = COVER_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw the cover (no canvas).');
  drawCover(ctx, design, image, measure);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The browser could not make the image. Try again.'))), type, 0.92),
  );
}

/** A file name from the title: "the-salt-orchard-cover.png". */
export function exportFileName(design: CoverDesign, type: ExportType): string {
  const slug =
    design.title.text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'ebook';
  return `${slug}-cover.${type === 'image/png' ? 'png' : 'jpg'}`;
}
