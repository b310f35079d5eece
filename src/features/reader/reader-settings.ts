/**
 * Reader settings: font, size, line height, margins, justification, theme, page-turn animation.
 * They are part of the synced preferences (src/features/theming/preferences-store.ts): the
 * same on every signed-in device, per browser for signed-out visitors.
 */
import { useCallback, type CSSProperties } from 'react';
import type { PreferenceValues } from '../../../sync/preferences';
import { changePreferences, usePreferences } from '../theming/preferences-store';

export const READER_FONTS = {
  serif: 'Georgia, "Iowan Old Style", "Times New Roman", serif',
  sans: 'system-ui, "Segoe UI", Roboto, sans-serif',
  mono: 'ui-monospace, Menlo, monospace',
  publisher: 'inherit',
} as const satisfies Record<PreferenceValues['fontFamily'], string>;
export { READER_THEMES } from '../../../sync/preferences';

export type ReaderSettings = PreferenceValues;

export function useReaderSettings(): [ReaderSettings, (patch: Partial<ReaderSettings>) => void] {
  return [usePreferences(), useCallback((patch: Partial<ReaderSettings>) => changePreferences(patch), [])];
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

/** The page-turn slide runs only when chosen and when the system does not ask for less motion. */
export function wantsTurnAnimation(s: ReaderSettings): boolean {
  return s.pageTurnAnimation && !(typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches);
}
