/**
 * The live preview: the cover drawn on a small canvas (the export's drawing, scaled), with a
 * handle over each text layer. A handle is a button: drag it with the pointer, or focus it and
 * move it with the arrow keys (Shift for bigger steps); either way the layer stays inside the
 * cover's safe margins, and the new position is announced.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { COVER_HEIGHT, COVER_WIDTH, type CoverDesign, type TextLayer } from '../../../sync/covers/design';
import { drawCover } from './ebook-draw';
import { layoutLayer, nudgeLayer, placeLayer, type MeasureText } from './ebook-layout';

/** The preview canvas's own pixels: 0.4 of the cover, sharp on a 2× screen at 320 CSS px wide. */
const PREVIEW_SCALE = 0.4;
type LayerKey = 'title' | 'author';
const LABELS: Record<LayerKey, string> = { title: 'Title', author: 'Author' };

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  layerX: number;
  layerY: number;
}

function Handle({
  which,
  layer,
  measure,
  onMove,
}: {
  which: LayerKey;
  layer: TextLayer;
  measure: MeasureText;
  onMove: (which: LayerKey, layer: TextLayer) => void;
}) {
  const drag = useRef<Drag | null>(null);
  const { box } = layoutLayer(layer, measure);
  if (box.width === 0) return null;

  /** Pointer position in cover pixels (the stage is the cover, scaled to its box). */
  const coverPoint = (e: PointerEvent<HTMLButtonElement>) => {
    const stage = e.currentTarget.parentElement!.getBoundingClientRect();
    const scale = COVER_WIDTH / stage.width;
    return { x: (e.clientX - stage.left) * scale, y: (e.clientY - stage.top) * scale };
  };
  const down = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const p = coverPoint(e);
    drag.current = { pointerId: e.pointerId, startX: p.x, startY: p.y, layerX: layer.x, layerY: layer.y };
  };
  const move = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    const p = coverPoint(e);
    onMove(which, placeLayer(layer, d.layerX + p.x - d.startX, d.layerY + p.y - d.startY, measure));
  };
  const up = (e: PointerEvent<HTMLButtonElement>) => {
    if (drag.current?.pointerId === e.pointerId) drag.current = null;
  };
  const key = (e: KeyboardEvent<HTMLButtonElement>) => {
    const moved = nudgeLayer(layer, e.key, e.shiftKey, measure);
    if (!moved) return;
    e.preventDefault();
    onMove(which, moved);
  };
  const pad = 12; // cover pixels around the text, so a thin line is still easy to grab
  return (
    <button
      type="button"
      className="ebook-handle"
      data-testid={`ebook-handle-${which}`}
      aria-label={`${LABELS[which]} layer at ${Math.round(layer.x)}, ${Math.round(layer.y)}: drag, or use the arrow keys to move it`}
      style={{
        left: `${((box.x - pad) / COVER_WIDTH) * 100}%`,
        top: `${((box.y - pad) / COVER_HEIGHT) * 100}%`,
        width: `${((box.width + 2 * pad) / COVER_WIDTH) * 100}%`,
        height: `${((box.height + 2 * pad) / COVER_HEIGHT) * 100}%`,
      }}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
      onKeyDown={key}
    />
  );
}

export function CoverStage({
  design,
  image,
  measure,
  ready,
  onChange,
}: {
  design: CoverDesign;
  image: HTMLImageElement | null;
  measure: MeasureText;
  ready: boolean;
  onChange: (design: CoverDesign) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [said, setSaid] = useState('');
  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx || !ready) return;
    ctx.setTransform(PREVIEW_SCALE, 0, 0, PREVIEW_SCALE, 0, 0);
    drawCover(ctx, design, image, measure);
  }, [design, image, measure, ready]);

  const onMove = (which: LayerKey, layer: TextLayer) => {
    onChange({ ...design, [which]: layer });
    setSaid(`${LABELS[which]} at ${layer.x}, ${layer.y}.`);
  };
  return (
    <div className="ebook-stage-wrap">
      <div className="ebook-stage" aria-busy={!ready} data-testid="ebook-stage">
        <canvas
          ref={canvas}
          className="ebook-canvas"
          width={COVER_WIDTH * PREVIEW_SCALE}
          height={COVER_HEIGHT * PREVIEW_SCALE}
          role="img"
          aria-label={`Cover preview: “${design.title.text}”${design.author.text ? ` by ${design.author.text}` : ''}`}
        />
        {ready && (['title', 'author'] as const).map((w) => <Handle key={w} which={w} layer={design[w]} measure={measure} onMove={onMove} />)}
      </div>
      <p className="ebook-said" role="status" aria-live="polite" data-testid="ebook-position">
        {said}
      </p>
    </div>
  );
}
