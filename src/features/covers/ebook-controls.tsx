/**
 * The cover designer's settings: the background (a colour, a two-colour gradient at an angle, or
 * an image from the person's /files with a darkening tint so text reads on a photo) and the two
 * text layers (words, face, size, colour). Position is set on the preview (ebook-stage.tsx).
 */
import { Link } from 'react-router';
import type { FileItem } from '../../../sync/api/files';
import { COVER_FONTS, TEXT_SIZE, type Background, type CoverDesign, type CoverFont, type TextLayer } from '../../../sync/covers/design';
import { SelectField, TextArea, TextField } from '../../ui';
import type { MeasureText } from './ebook-layout';
import { placeLayer } from './ebook-layout';

const KINDS: { kind: Background['kind']; label: string }[] = [
  { kind: 'colour', label: 'Colour' },
  { kind: 'gradient', label: 'Gradient' },
  { kind: 'image', label: 'Image' },
];

function switchKind(current: Background, kind: Background['kind'], firstImage: string | undefined): Background {
  const base = current.kind === 'gradient' ? current.from : current.kind === 'colour' ? current.colour : '#1f3a4d';
  if (kind === 'colour') return { kind, colour: base };
  if (kind === 'gradient') return { kind, from: base, to: '#0b1320', angle: 180 };
  return { kind, fileId: firstImage ?? '', tint: 0.35 };
}

function ImagePicker({ images, value, onPick }: { images: FileItem[] | null; value: string; onPick: (id: string) => void }) {
  if (images === null) return <p className="muted">Loading your images…</p>;
  if (images.length === 0)
    return (
      <p className="muted" data-testid="ebook-no-images">
        No images yet: upload one in <Link to="/files">your files</Link>, then pick it here.
      </p>
    );
  return (
    <div className="ebook-images" role="group" aria-label="Your images">
      {images.map((f) => (
        <button key={f.id} type="button" className="ebook-image" aria-pressed={f.id === value} onClick={() => onPick(f.id)} title={f.name}>
          <img src={f.url} alt={f.name} loading="lazy" />
        </button>
      ))}
    </div>
  );
}

export function BackgroundControls({
  background,
  images,
  canUseFiles,
  onChange,
}: {
  background: Background;
  images: FileItem[] | null;
  canUseFiles: boolean;
  onChange: (b: Background) => void;
}) {
  const kinds = canUseFiles ? KINDS : KINDS.filter((k) => k.kind !== 'image');
  return (
    <fieldset>
      <legend>Background</legend>
      <div className="ebook-kinds" role="radiogroup" aria-label="Background kind">
        {kinds.map((k) => (
          <label key={k.kind} className="ebook-kind">
            <input
              type="radio"
              name="ebook-background"
              value={k.kind}
              checked={background.kind === k.kind}
              onChange={() => onChange(switchKind(background, k.kind, images?.[0]?.id))}
            />
            {k.label}
          </label>
        ))}
      </div>
      {background.kind === 'colour' && (
        <TextField label="Background colour" type="color" value={background.colour} onChange={(e) => onChange({ ...background, colour: e.target.value })} />
      )}
      {background.kind === 'gradient' && (
        <div className="ebook-two">
          <TextField label="From" type="color" value={background.from} onChange={(e) => onChange({ ...background, from: e.target.value })} />
          <TextField label="To" type="color" value={background.to} onChange={(e) => onChange({ ...background, to: e.target.value })} />
          <TextField
            label={`Angle: ${background.angle}°`}
            type="range"
            min={0}
            max={359}
            step={15}
            value={background.angle}
            onChange={(e) => onChange({ ...background, angle: Number(e.target.value) })}
          />
        </div>
      )}
      {background.kind === 'image' && (
        <>
          <ImagePicker images={images} value={background.fileId} onPick={(fileId) => onChange({ ...background, fileId })} />
          <TextField
            label={`Darken: ${Math.round(background.tint * 100)}%`}
            type="range"
            min={0}
            max={0.8}
            step={0.05}
            value={background.tint}
            onChange={(e) => onChange({ ...background, tint: Number(e.target.value) })}
            hint="Darkening a photo helps light text read on it."
          />
        </>
      )}
    </fieldset>
  );
}

export function LayerControls({
  legend,
  layer,
  measure,
  onChange,
}: {
  legend: 'Title' | 'Author';
  layer: TextLayer;
  measure: MeasureText;
  onChange: (layer: TextLayer) => void;
}) {
  // A change of words, face or size can make the block bigger: keep it inside the cover.
  const set = (change: Partial<TextLayer>) => {
    const next = { ...layer, ...change };
    onChange(placeLayer(next, next.x, next.y, measure));
  };
  const sizeOk = Number.isInteger(layer.size) && layer.size >= TEXT_SIZE.min && layer.size <= TEXT_SIZE.max;
  return (
    <fieldset>
      <legend>{legend}</legend>
      {legend === 'Title' ? (
        <TextArea label="Title text" rows={2} maxLength={200} value={layer.text} onChange={(e) => set({ text: e.target.value })} />
      ) : (
        <TextField label="Author name" maxLength={200} value={layer.text} onChange={(e) => set({ text: e.target.value })} />
      )}
      <SelectField label={`${legend} font`} value={layer.font} onChange={(e) => set({ font: e.target.value as CoverFont })}>
        {(Object.keys(COVER_FONTS) as CoverFont[]).map((f) => (
          <option key={f} value={f}>
            {COVER_FONTS[f].label}
          </option>
        ))}
      </SelectField>
      <div className="ebook-two">
        <TextField
          label={`${legend} size (px)`}
          type="number"
          inputMode="numeric"
          min={TEXT_SIZE.min}
          max={TEXT_SIZE.max}
          step={1}
          value={layer.size}
          error={sizeOk ? undefined : `${TEXT_SIZE.min}–${TEXT_SIZE.max} px.`}
          onChange={(e) => {
            const size = Number(e.target.value);
            if (Number.isInteger(size) && size >= TEXT_SIZE.min && size <= TEXT_SIZE.max) set({ size });
            else onChange({ ...layer, size });
          }}
        />
        <TextField label={`${legend} colour`} type="color" value={layer.colour} onChange={(e) => set({ colour: e.target.value })} />
      </div>
    </fieldset>
  );
}

/** Whether the design can be drawn, saved and exported as it stands (sizes typed in range, an image picked). */
export function designProblem(design: CoverDesign): string | null {
  for (const layer of [design.title, design.author])
    if (!Number.isInteger(layer.size) || layer.size < TEXT_SIZE.min || layer.size > TEXT_SIZE.max)
      return `Text sizes are ${TEXT_SIZE.min}–${TEXT_SIZE.max} px.`;
  if (design.background.kind === 'image' && !design.background.fileId) return 'Pick a background image, or choose a colour or gradient.';
  return null;
}
