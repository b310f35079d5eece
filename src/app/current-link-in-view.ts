/**
 * On a phone the main and admin navigations are single rows that scroll sideways (styles.css), so
 * the current page's link might sit out of sight: it is scrolled to the middle of its row on every
 * navigation and whenever the row's width changes (a page loaded wide, then narrowed; a rotation).
 * Only from the ResizeObserver, whose first call comes with each new observer: it runs after the
 * frame's layout, where reading sizes straight after a commit forced a layout of the whole page
 * inside the commit's task (36 ms on a signed-in first visit).
 */
import { useEffect, type RefObject } from 'react';

export function useCurrentLinkInView(ref: RefObject<HTMLElement | null>, pathname: string) {
  useEffect(() => {
    const nav = ref.current;
    if (!nav) return;
    const centre = () => {
      const current = nav.querySelector<HTMLElement>('a.active');
      if (!current || nav.scrollWidth <= nav.clientWidth) return;
      // By hand: scrollIntoView would scroll the page too.
      nav.scrollLeft += current.getBoundingClientRect().left - nav.getBoundingClientRect().left - (nav.clientWidth - current.offsetWidth) / 2;
    };
    const observer = new ResizeObserver(centre);
    observer.observe(nav);
    return () => observer.disconnect();
  }, [ref, pathname]);
}
