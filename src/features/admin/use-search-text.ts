/**
 * An admin table's search box: the text as typed, sent as `q` a moment after typing stops (or at
 * once on submit by the caller), never while it already matches the URL.
 */
import { useEffect, useState } from 'react';

const SEARCH_DEBOUNCE_MS = 300;

export function useSearchText(q: string, search: (q: string) => void) {
  const [text, setText] = useState(q);
  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => search(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // `search` is rebuilt every render; the search text is what should restart the timer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, q]);
  return [text, setText] as const;
}
