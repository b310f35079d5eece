/**
 * App theme: light, dark or system. It lives in the synced preferences
 * (src/features/theming/preferences-store.ts); the localStorage cache there makes the first
 * paint right, and index.html applies it even before this module loads.
 */
import { useCallback } from 'react';
import type { PreferenceValues } from '../../sync/preferences';
import { applyAppTheme, changePreferences, usePreferences } from '../features/theming/preferences-store';

export type ThemeChoice = PreferenceValues['appTheme'];

export function applyStoredTheme() {
  applyAppTheme();
}

function setTheme(choice: ThemeChoice) {
  changePreferences({ appTheme: choice });
}

export function useTheme(): [ThemeChoice, (t: ThemeChoice) => void] {
  const theme = usePreferences().appTheme;
  return [theme, useCallback((t: ThemeChoice) => setTheme(t), [])];
}
