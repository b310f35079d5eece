/** A menu button (WAI-ARIA menu pattern): arrows move, Escape closes and returns focus. */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';

export interface MenuItem {
  label: string;
  onSelect?: () => void;
  to?: string;
}

export function Menu({ label, items, buttonContent }: { label: string; items: MenuItem[]; buttonContent?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const close = (e: MouseEvent) => {
      if (!listRef.current?.contains(e.target as Node) && !buttonRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  function handleKey(e: React.KeyboardEvent) {
    const entries = Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const index = entries.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown') entries[(index + 1) % entries.length]?.focus();
    else if (e.key === 'ArrowUp') entries[(index - 1 + entries.length) % entries.length]?.focus();
    else if (e.key === 'Home') entries[0]?.focus();
    else if (e.key === 'End') entries[entries.length - 1]?.focus();
    else if (e.key === 'Escape' || e.key === 'Tab') {
      setOpen(false);
      if (e.key === 'Escape') buttonRef.current?.focus();
      return;
    } else return;
    e.preventDefault();
  }

  function select(item: MenuItem) {
    setOpen(false);
    if (item.to) navigate(item.to);
    item.onSelect?.();
  }

  return (
    <div className="menu">
      <button
        ref={buttonRef}
        type="button"
        className="menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={id}
        aria-label={label}
        onClick={() => setOpen((o) => !o)}
      >
        {buttonContent ?? label}
      </button>
      {open && (
        <ul ref={listRef} id={id} role="menu" className="menu-list" onKeyDown={handleKey}>
          {items.map((item) => (
            <li key={item.label} role="none">
              <button type="button" role="menuitem" tabIndex={-1} onClick={() => select(item)}>
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
