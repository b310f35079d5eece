/**
 * The ebook cover's faces: Libre Baskerville in the four styles Quire ships (the files the paperback
 * tool uses too, precached by the service worker). The canvas draws only once a face has loaded,
 * so the preview and the export never fall back to another font.
 */
import '@fontsource/libre-baskerville/latin-400.css';
import '@fontsource/libre-baskerville/latin-400-italic.css';
import '@fontsource/libre-baskerville/latin-700.css';
import '@fontsource/libre-baskerville/latin-700-italic.css';
import { useEffect, useMemo, useState } from 'react';
import { COVER_FONTS, type CoverFont } from '../../../sync/covers/design';
import type { MeasureText } from './ebook-layout';

/** The CSS font shorthand for a face at a size in cover pixels. */
export function canvasFont(font: CoverFont, size: number): string {
  const face = COVER_FONTS[font];
  return `${face.style} ${face.weight} ${size}px 'Libre Baskerville', Georgia, serif`;
}

const FONT_IDS = Object.keys(COVER_FONTS) as CoverFont[];

/** Loads every face; `ready` is true once they are in (or failed: the fallback then stands in). */
export function useCoverFonts(): { ready: boolean; measure: MeasureText } {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void Promise.all(FONT_IDS.map((f) => document.fonts.load(canvasFont(f, 100))))
      .catch(() => undefined)
      .then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  const measure = useMemo<MeasureText>(() => {
    const context = document.createElement('canvas').getContext('2d');
    const cache = new Map<string, number>();
    return (text, font, size) => {
      const key = `${font}\u0000${text}`;
      let per100 = cache.get(key);
      if (per100 === undefined) {
        if (context) context.font = canvasFont(font, 100);
        per100 = context ? context.measureText(text).width : text.length * 50;
        cache.set(key, per100);
      }
      return (per100 / 100) * size;
    };
    // Measured again with the real faces once they are in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);
  return { ready, measure };
}
