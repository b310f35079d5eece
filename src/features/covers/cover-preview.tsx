/**
 * The cover drawn to scale in SVG (one unit = one inch): the artwork as it will print, and over it
 * KDP's template guides — bleed, trim, spine folds, safe zones, the barcode box — with dimension
 * lines around the sheet. The guides never reach the PDF.
 */
import type { CoverDesign, CoverText } from './cover-text';
import { COVER_FAMILY, fontWeight } from './cover-font';
import { formatInches, type Rect } from './kdp-maths';

/** Room around the sheet for dimension lines and panel names. */
const MARGIN = { top: 0.75, right: 0.35, bottom: 0.8, left: 0.75 };
const LABEL = 0.16;

export const GUIDES = [
  { id: 'bleed', label: 'Bleed', about: '0.125 in beyond the trim on every side; extend the background into it.' },
  { id: 'trim', label: 'Trim line', about: 'Where the printed sheet is cut.' },
  { id: 'spine', label: 'Spine folds', about: 'The spine, as wide as the pages are thick.' },
  { id: 'safe', label: 'Safe zone', about: 'Keep text 0.125 in inside the trim, and 0.0625 in clear of the spine folds.' },
  { id: 'barcode', label: 'Barcode', about: '2 × 1.2 in, kept clear: KDP prints the ISBN barcode here.' },
] as const;

const box = (r: Rect) => ({ x: r.x, y: r.y, width: r.width, height: r.height });

function Dimension({ x1, y1, x2, y2, label, vertical }: { x1: number; y1: number; x2: number; y2: number; label: string; vertical?: boolean }) {
  const mx = (x1 + x2) / 2;
  const my = (y1 + y2) / 2;
  return (
    <g className="kdp-dimension">
      <line x1={x1} y1={y1} x2={x2} y2={y2} />
      <line x1={x1 - (vertical ? 0.08 : 0)} y1={y1 - (vertical ? 0 : 0.08)} x2={x1 + (vertical ? 0.08 : 0)} y2={y1 + (vertical ? 0 : 0.08)} />
      <line x1={x2 - (vertical ? 0.08 : 0)} y1={y2 - (vertical ? 0 : 0.08)} x2={x2 + (vertical ? 0.08 : 0)} y2={y2 + (vertical ? 0 : 0.08)} />
      <text
        x={vertical ? mx - 0.12 : mx}
        y={vertical ? my : my - 0.1}
        fontSize={LABEL}
        textAnchor="middle"
        transform={vertical ? `rotate(-90 ${mx - 0.12} ${my})` : undefined}
      >
        {label}
      </text>
    </g>
  );
}

export function CoverPreview({ design, text, guides }: { design: CoverDesign; text: CoverText; guides: boolean }) {
  const { layout } = text;
  const width = layout.width + MARGIN.left + MARGIN.right;
  const height = layout.height + MARGIN.top + MARGIN.bottom;
  const t = layout.trimBox;
  const panelY = layout.height + 0.3;
  return (
    <svg
      className="kdp-preview"
      viewBox={`${-MARGIN.left} ${-MARGIN.top} ${width} ${height}`}
      role="img"
      aria-labelledby="kdp-preview-title"
      data-testid="kdp-preview"
      data-spine-width={layout.spineWidth.toFixed(4)}
    >
      <title id="kdp-preview-title">
        {`Full cover ${formatInches(layout.width)} by ${formatInches(layout.height)}: back, spine ${formatInches(layout.spineWidth)}, front${guides ? ', with template guides' : ''}`}
      </title>
      <rect className="kdp-sheet" x={0} y={0} width={layout.width} height={layout.height} fill={design.background} />
      {text.runs.map((run, i) => (
        <text
          key={i}
          x={run.x}
          y={run.y}
          fill={design.ink}
          fontFamily={COVER_FAMILY}
          fontWeight={fontWeight(run.font)}
          fontSize={run.sizePt / 72}
          textAnchor={run.anchor}
          transform={run.vertical ? `rotate(90 ${run.x} ${run.y})` : undefined}
        >
          {run.text}
        </text>
      ))}
      {guides && (
        <g className="kdp-guides" aria-hidden="true">
          <path
            className="kdp-guide-bleed"
            fillRule="evenodd"
            d={`M0 0H${layout.width}V${layout.height}H0Z M${t.x} ${t.y}V${t.y + t.height}H${t.x + t.width}V${t.y}Z`}
          />
          <rect className="kdp-guide-trim" {...box(t)} />
          <rect className="kdp-guide-safe" {...box(layout.backSafe)} />
          <rect className="kdp-guide-safe" {...box(layout.frontSafe)} />
          {layout.spineTextAllowed && layout.spineSafe.width > 0 && <rect className="kdp-guide-safe" {...box(layout.spineSafe)} />}
          <line className="kdp-guide-spine" x1={layout.spine.x} y1={0} x2={layout.spine.x} y2={layout.height} />
          <line className="kdp-guide-spine" x1={layout.front.x} y1={0} x2={layout.front.x} y2={layout.height} />
          <rect className="kdp-guide-barcode" {...box(layout.barcode)} />
          <text className="kdp-guide-label" x={layout.barcode.x + layout.barcode.width / 2} y={layout.barcode.y + 0.55} fontSize={LABEL} textAnchor="middle">
            Barcode area
          </text>
          <text
            className="kdp-guide-label"
            x={layout.barcode.x + layout.barcode.width / 2}
            y={layout.barcode.y + 0.8}
            fontSize={LABEL * 0.85}
            textAnchor="middle"
          >
            2 × 1.2 in
          </text>
          <text className="kdp-guide-label kdp-guide-label-bleed" x={0.04} y={0.1} fontSize={LABEL * 0.6}>
            BLEED
          </text>
        </g>
      )}
      <g className="kdp-annotations" aria-hidden="true">
        <Dimension x1={0} y1={-0.35} x2={layout.width} y2={-0.35} label={`Full cover ${formatInches(layout.width)} (with bleed)`} />
        <Dimension vertical x1={-0.35} y1={0} x2={-0.35} y2={layout.height} label={formatInches(layout.height)} />
        <text className="kdp-panel-name" x={layout.back.x + layout.back.width / 2} y={panelY} fontSize={LABEL * 1.1} textAnchor="middle">
          Back · {formatInches(layout.back.width)}
        </text>
        <text
          className="kdp-panel-name kdp-panel-spine"
          x={layout.spine.x + layout.spine.width / 2}
          y={panelY + 0.28}
          fontSize={LABEL * 1.1}
          textAnchor="middle"
        >
          Spine · {formatInches(layout.spineWidth)}
        </text>
        <line
          className="kdp-panel-pointer"
          x1={layout.spine.x + layout.spine.width / 2}
          y1={layout.height + 0.05}
          x2={layout.spine.x + layout.spine.width / 2}
          y2={panelY + 0.1}
        />
        <text className="kdp-panel-name" x={layout.front.x + layout.front.width / 2} y={panelY} fontSize={LABEL * 1.1} textAnchor="middle">
          Front · {formatInches(layout.front.width)}
        </text>
      </g>
    </svg>
  );
}
