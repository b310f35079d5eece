/**
 * App theme: light, dark or system, kept in localStorage so the first paint is right, and saved
 * to the account when signed in (the sync issue moves it into the replicated settings).
 */
import { useCallback, useSyncExternalStore } from 'react';

export type ThemeChoice = 'light' | 'dark' | 'system';
const KEY = 'quire-theme';
const listeners = new Set<() => void>();

export function storedTheme(): ThemeChoice {
  const v = localStorage.getItem(KEY);
  return v === 'light' || v === 'dark' ? v : 'system';
}

export function applyStoredTheme() {
  const choice = storedTheme();
  const dark = choice === 'dark' || (choice === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

export function setTheme(choice: ThemeChoice) {
  localStorage.setItem(KEY, choice);
  applyStoredTheme();
  listeners.forEach((l) => l());
}

export function useTheme(): [ThemeChoice, (t: ThemeChoice) => void] {
  const theme = useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      const mq = matchMedia('(prefers-color-scheme: dark)');
      const onChange = () => {
        applyStoredTheme();
        cb();
      };
      mq.addEventListener('change', onChange);
      return () => {
        listeners.delete(cb);
        mq.removeEventListener('change', onChange);
      };
    },
    storedTheme,
    () => 'system' as ThemeChoice,
  );
  return [theme, useCallback((t: ThemeChoice) => setTheme(t), [])];
}
