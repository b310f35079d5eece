/**
 * The chapter list as a drawer from the left, on phones: a modal <dialog>, so the browser traps
 * focus inside it, closes it on Escape and gives focus back to the "Chapters" button; a tap on
 * the shade beside it closes it too. Choosing a chapter closes it (the page follows the route).
 */
import { useEffect, useRef, type ReactNode } from 'react';

export function ChapterDrawer({ open, onClose, children }: { open: boolean; onClose(): void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      // Start where the reader is: on the open chapter, else the first control.
      d.querySelector<HTMLElement>('[aria-current="page"]')?.focus();
    }
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      id="chapter-drawer"
      className="chapter-drawer"
      aria-label="Chapters"
      onClose={onClose}
      onCancel={onClose}
      // The dialog box fills the screen's height; a click on the element itself is on its backdrop.
      onClick={(e) => e.target === e.currentTarget && onClose()}
    >
      {open && (
        <div className="chapter-drawer-body">
          <button type="button" className="icon-button chapter-drawer-close" aria-label="Close chapters" onClick={onClose}>
            ×
          </button>
          {children}
        </div>
      )}
    </dialog>
  );
}
