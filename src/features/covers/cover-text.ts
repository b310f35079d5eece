/**
 * Where the words go on a paperback cover: the title and author on the front, the blurb on the
 * back above the barcode, title and author along the spine when KDP allows it and they fit. The
 * caller passes its own way to measure text, so the on-screen preview (canvas) and the PDF
 * (the embedded font's metrics) place every line the same way from the same rules.
 */
import { coverLayout, POINTS_PER_INCH, spineFit, type CoverLayout, type PaperId, type SpineFit } from './kdp-maths';

export interface CoverDesign {
  trimId: string;
  paper: PaperId;
  pages: number;
  title: string;
  author: string;
  blurb: string;
  /** `#rrggbb`. */
  background: string;
  ink: string;
}

/** The title face (bold) and the text face (regular) of the cover's one family. */
export type FontRole = 'title' | 'text';
/** Width in inches of `text` set in `font` at `sizePt`. */
export type Measure = (text: string, font: FontRole, sizePt: number) => number;

interface TextRun {
  text: string;
  font: FontRole;
  sizePt: number;
  /** Inches from the cover's top-left corner: the start of the baseline, or its middle when centred. */
  x: number;
  y: number;
  width: number;
  anchor: 'start' | 'middle';
  /** Spine text runs top to bottom, the tops of the letters towards the front cover. */
  vertical?: boolean;
}

export interface CoverText {
  layout: CoverLayout;
  runs: TextRun[];
  spine: SpineFit;
  /** The blurb needs more room than the back cover has above the barcode. */
  blurbOverflows: boolean;
}

const pt = (size: number) => size / POINTS_PER_INCH;

/** Greedy line breaking at spaces; a word longer than the line gets a line of its own. */
export function wrapLines(text: string, maxWidth: number, widthOf: (line: string) => number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && widthOf(candidate) > maxWidth) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    lines.push(line);
  }
  return lines;
}

const TITLE_MAX_LINES = 4;
const TITLE_MIN_PT = 18;
const BLURB_PT = 11;
const BLURB_LEADING = 1.45;
const TITLE_LEADING = 1.15;

function frontRuns(layout: CoverLayout, design: CoverDesign, measure: Measure): TextRun[] {
  const safe = layout.frontSafe;
  const maxWidth = safe.width * 0.86;
  const centre = safe.x + safe.width / 2;
  let size = Math.min(44, safe.width * POINTS_PER_INCH * 0.11);
  let lines = wrapLines(design.title, maxWidth, (l) => measure(l, 'title', size));
  while ((lines.length > TITLE_MAX_LINES || lines.some((l) => measure(l, 'title', size) > maxWidth)) && size > TITLE_MIN_PT) {
    size = Math.max(TITLE_MIN_PT, size * 0.9);
    lines = wrapLines(design.title, maxWidth, (l) => measure(l, 'title', size));
  }
  const runs: TextRun[] = [];
  const top = safe.y + safe.height * 0.2;
  lines.forEach((text, i) => {
    if (text)
      runs.push({
        text,
        font: 'title',
        sizePt: size,
        x: centre,
        y: top + pt(size) * (1 + i * TITLE_LEADING),
        width: measure(text, 'title', size),
        anchor: 'middle',
      });
  });
  const authorSize = Math.min(20, Math.max(12, size * 0.45));
  if (design.author.trim()) {
    const author = design.author.trim();
    runs.push({
      text: author,
      font: 'text',
      sizePt: authorSize,
      x: centre,
      y: safe.y + safe.height * 0.9,
      width: measure(author, 'text', authorSize),
      anchor: 'middle',
    });
  }
  return runs;
}

function backRuns(layout: CoverLayout, design: CoverDesign, measure: Measure): { runs: TextRun[]; overflows: boolean } {
  const safe = layout.backSafe;
  const pad = 0.25;
  const left = safe.x + pad;
  const maxWidth = safe.width - 2 * pad;
  // The blurb stops a quarter inch above the barcode box.
  const bottom = layout.barcode.y - 0.25;
  const lineHeight = pt(BLURB_PT) * BLURB_LEADING;
  const runs: TextRun[] = [];
  let y = safe.y + pad + pt(BLURB_PT);
  let overflows = false;
  for (const text of wrapLines(design.blurb.trim(), maxWidth, (l) => measure(l, 'text', BLURB_PT))) {
    if (y > bottom) {
      overflows = true;
      break;
    }
    if (text) runs.push({ text, font: 'text', sizePt: BLURB_PT, x: left, y, width: measure(text, 'text', BLURB_PT), anchor: 'start' });
    y += text ? lineHeight : lineHeight * 0.6;
  }
  return { runs, overflows };
}

function spineRuns(layout: CoverLayout, design: CoverDesign, measure: Measure): { runs: TextRun[]; fit: SpineFit } {
  const title = design.title.trim().replace(/\s+/g, ' ');
  const author = design.author.trim();
  const fit = spineFit(layout, measure(title, 'title', 1) + (author ? measure(author, 'text', 1) : 0));
  if (fit.kind !== 'fits' || !title) return { runs: [], fit };
  const size = fit.sizePt;
  const titleWidth = measure(title, 'title', size);
  const authorWidth = author ? measure(author, 'text', size) : 0;
  const gap = author ? pt(size) * 1.5 : 0;
  const safe = layout.spineSafe;
  const start = safe.y + (safe.height - (titleWidth + gap + authorWidth)) / 2;
  // Cap height is about 0.7 em: centre the capitals across the spine.
  const baseline = layout.spine.x + layout.spine.width / 2 - pt(size) * 0.35;
  const runs: TextRun[] = [{ text: title, font: 'title', sizePt: size, x: baseline, y: start, width: titleWidth, anchor: 'start', vertical: true }];
  if (author)
    runs.push({ text: author, font: 'text', sizePt: size, x: baseline, y: start + titleWidth + gap, width: authorWidth, anchor: 'start', vertical: true });
  return { runs, fit };
}

/** Lays out the cover's words; throws RangeError for a page count or trim KDP does not print. */
export function layoutCoverText(design: CoverDesign, measure: Measure): CoverText {
  const layout = coverLayout(design);
  const back = backRuns(layout, design, measure);
  const spine = spineRuns(layout, design, measure);
  return { layout, runs: [...back.runs, ...spine.runs, ...frontRuns(layout, design, measure)], spine: spine.fit, blurbOverflows: back.overflows };
}
