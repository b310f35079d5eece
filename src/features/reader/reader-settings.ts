/**
 * Reader settings: font, size, line height, margins, justification, theme. Kept per device in
 * localStorage for now (a synced collection would push the browser database past RxDB's
 * open-source limit of 16 collections in the multi-device tests; see the branch report).
 */
import { useCallback, useState, type CSSProperties } from 'react';

export const READER_FONTS = { serif: 'Georgia, "Iowan Old Style", "Times New Roman", serif', sans: 'system-ui, "Segoe UI", Roboto, sans-serif', mono: 'ui-monospace, Menlo, monospace', publisher: 'inherit' } as const;
export const READER_THEMES = ['paper', 'sepia', 'night'] as const;

export interface ReaderSettings {
  fontFamily: keyof typeof READER_FONTS;
  /** Percent of the base size. */
  fontSize: number;
  lineHeight: number;
  /** Page margin in rem. */
  margin: number;
  justify: boolean;
  theme: (typeof READER_THEMES)[number];
}

export const DEFAULT_SETTINGS: ReaderSettings = { fontFamily: 'serif', fontSize: 100, lineHeight: 1.55, margin: 2.5, justify: true, theme: 'paper' };
const KEY = 'quire.reader-settings';

function load(): ReaderSettings {
  try {
    return { ...DEFAULT_SETTINGS, ...(JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<ReaderSettings>) };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export function useReaderSettings(): [ReaderSettings, (patch: Partial<ReaderSettings>) => void] {
  const [settings, setSettings] = useState(load);
  const update = useCallback((patch: Partial<ReaderSettings>) => {
    setSettings((old) => {
      const next = { ...old, ...patch };
      localStorage.setItem(KEY, JSON.stringify(next));
      return next;
    });
  }, []);
  return [settings, update];
}

/** CSS custom properties the reader stylesheet reads; changing them re-flows without re-rendering chapters. */
export function settingsStyle(s: ReaderSettings): CSSProperties {
  return {
    '--reader-font': READER_FONTS[s.fontFamily],
    '--reader-size': `${(s.fontSize / 100) * 1.15}rem`,
    '--reader-line-height': String(s.lineHeight),
    '--reader-margin': `${s.margin}rem`,
    '--reader-align': s.justify ? 'justify' : 'start',
  } as CSSProperties;
}
