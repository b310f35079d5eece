/**
 * Which side panels of the writing page are open — the chapter list and the comments — kept per
 * device (localStorage), like a desktop editor's view settings: a writer who hides the comments
 * to write finds them hidden on the next visit. On a phone the chapter list is a drawer instead,
 * always closed when the page opens; the comments keep their setting below the text.
 */
import { useCallback, useSyncExternalStore } from 'react';

export type PanelName = 'chapters' | 'comments';
type Panels = Record<PanelName, boolean>;
type Store = Pick<Storage, 'getItem' | 'setItem'>;

const KEY = 'quire-editor-panels';
const DEFAULTS: Panels = { chapters: true, comments: true };

/** The stored choice, defaults for anything missing or unreadable. */
export function readPanels(storage: Store | undefined): Panels {
  try {
    const value = JSON.parse(storage?.getItem(KEY) ?? '{}') as Record<string, unknown>;
    return { chapters: value.chapters !== false, comments: value.comments !== false };
  } catch {
    return { ...DEFAULTS };
  }
}

export function writePanel(storage: Store | undefined, name: PanelName, open: boolean): void {
  try {
    storage?.setItem(KEY, JSON.stringify({ ...readPanels(storage), [name]: open }));
  } catch {
    // Private mode or a full quota: the choice lasts for this page only.
  }
}

const listeners = new Set<() => void>();
const storage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);
let snapshot: Panels | null = null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

function current(): Panels {
  return (snapshot ??= readPanels(storage()));
}

/** One panel's open state and its setter; every component showing that panel agrees. */
export function usePanel(name: PanelName): [boolean, (open: boolean) => void] {
  const open = useSyncExternalStore(subscribe, () => current()[name]);
  const set = useCallback(
    (next: boolean) => {
      writePanel(storage(), name, next);
      snapshot = { ...current(), [name]: next };
      for (const l of listeners) l();
    },
    [name],
  );
  return [open, set];
}

/** True while the media query matches (the phone layout), following resizes and rotation. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const mq = matchMedia(query);
      mq.addEventListener('change', listener);
      return () => mq.removeEventListener('change', listener);
    },
    () => matchMedia(query).matches,
  );
}
