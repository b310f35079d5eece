/**
 * The cover's typeface on screen: Libre Baskerville (OFL), the same latin files the PDF embeds,
 * so what the preview measures and draws is what prints. Text is measured on a canvas once the
 * faces have loaded; until then the fallback serif stands in and the layout redraws after.
 */
import '@fontsource/libre-baskerville/latin-400.css';
import '@fontsource/libre-baskerville/latin-700.css';
import { useEffect, useMemo, useState } from 'react';
import type { FontRole, Measure } from './cover-text';

export const COVER_FAMILY = "'Libre Baskerville', Georgia, serif";
export const fontWeight = (font: FontRole) => (font === 'title' ? 700 : 400);

/** A Measure backed by a canvas; `ready` turns true when both faces have loaded. */
export function useCoverMeasure(): { measure: Measure; ready: boolean } {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void Promise.all([document.fonts.load(`400 16px ${COVER_FAMILY}`), document.fonts.load(`700 16px ${COVER_FAMILY}`)])
      .catch(() => undefined) // the fallback serif measures well enough to go on
      .then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  const measure = useMemo<Measure>(() => {
    const context = document.createElement('canvas').getContext('2d');
    const cache = new Map<string, number>();
    return (text, font, sizePt) => {
      const key = `${font}\u0000${text}`;
      let per100 = cache.get(key);
      if (per100 === undefined) {
        if (context) context.font = `${fontWeight(font)} 100px ${COVER_FAMILY}`;
        // Without a canvas (never in a browser) guess half an em per letter.
        per100 = context ? context.measureText(text).width : text.length * 50;
        cache.set(key, per100);
      }
      return ((per100 / 100) * sizePt) / 72;
    };
    // A new measure once the fonts are in, so every width is taken again with the real faces.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);
  return { measure, ready };
}
