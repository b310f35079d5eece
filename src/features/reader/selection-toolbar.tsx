/** Shown over a text selection: highlight in a colour, optionally with a note. */
import { useState } from 'react';
import { HIGHLIGHT_COLOURS, type Annotation } from '../../../sync/collections/annotations';
import type { TextQuote } from '../../../sync/collections/text-quote';
import { Button } from '../../ui';

export interface Selected {
  chapterId: string;
  quote: TextQuote;
  rect: DOMRect;
}

export function SelectionToolbar({
  selected,
  onHighlight,
  onClose,
}: {
  selected: Selected;
  onHighlight: (colour: Annotation['colour'], note: string) => void;
  onClose: () => void;
}) {
  const [colour, setColour] = useState<Annotation['colour']>('yellow');
  const [noting, setNoting] = useState(false);
  const [note, setNote] = useState('');
  const top = Math.max(8, selected.rect.top - (noting ? 150 : 56));
  const left = Math.min(window.innerWidth - 320, Math.max(8, selected.rect.left));
  return (
    <div className="reader-selection" role="toolbar" aria-label="Highlight" style={{ top, left }} onPointerUp={(e) => e.stopPropagation()}>
      <div className="reader-selection-row">
        {HIGHLIGHT_COLOURS.map((c) => (
          <button
            key={c}
            type="button"
            className={`reader-swatch reader-hl-swatch-${c}`}
            aria-label={`Highlight ${c}`}
            aria-pressed={colour === c}
            onClick={() => (noting ? setColour(c) : onHighlight(c, ''))}
          />
        ))}
        <Button size="sm" variant="ghost" onClick={() => setNoting(true)}>
          Add note
        </Button>
        <Button size="sm" variant="ghost" onClick={onClose} aria-label="Cancel">
          ✕
        </Button>
      </div>
      {noting && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            onHighlight(colour, note.trim());
          }}
        >
          <textarea aria-label="Note" value={note} onChange={(e) => setNote(e.target.value)} rows={3} autoFocus />
          <Button type="submit" size="sm">
            Save highlight
          </Button>
        </form>
      )}
    </div>
  );
}
