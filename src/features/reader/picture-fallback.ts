/**
 * A chapter's images come wrapped in `<picture>` with AVIF and WebP variants when the server has
 * them (server/books/chapter-images.ts). A downloaded book keeps the originals, not the variants:
 * offline, a variant the browser picks may never have been cached, and an <img> whose chosen
 * source fails stays broken. So when one fails, its picture's sources go and the browser loads the
 * `<img>`'s own `src` — the original, which the offline copy has (as src/ui/picture.tsx does).
 */
export function fallBackToOriginals(root: HTMLElement): () => void {
  const onError = (event: Event) => {
    const img = event.target;
    if (!(img instanceof HTMLImageElement)) return;
    const picture = img.parentElement;
    if (!picture || picture.localName !== 'picture' || !picture.classList.contains('quire-picture')) return;
    for (const source of picture.querySelectorAll('source')) source.remove();
  };
  // `error` does not bubble: caught on the way down instead.
  root.addEventListener('error', onError, true);
  return () => root.removeEventListener('error', onError, true);
}
