/**
 * An image with its AVIF and WebP variants (server/images) when they exist: the browser takes the
 * smallest that fits `sizes` in the first format it can show. The original stays the fallback —
 * for browsers without either format, for images whose variants are not made yet, and when a
 * variant fails to load (offline, never cached), where the picture turns back into the original.
 */
import { useState, type ImgHTMLAttributes } from 'react';
import type { ImageSet } from '../../sync/api/images';

interface PictureProps extends ImgHTMLAttributes<HTMLImageElement> {
  src: string;
  set?: ImageSet;
  /** How wide the image shows, as the `sizes` attribute says it ("(max-width: 40rem) 45vw, 160px"). */
  sizes: string;
}

export function Picture({ src, set, sizes, alt, ...img }: PictureProps) {
  const [failed, setFailed] = useState(false);
  if (failed || !set || (!set.avif && !set.webp)) return <img src={src} alt={alt} {...img} />;
  return (
    <picture className="ui-picture">
      {set.avif && <source type="image/avif" srcSet={set.avif} sizes={sizes} />}
      {set.webp && <source type="image/webp" srcSet={set.webp} sizes={sizes} />}
      <img src={src} alt={alt} {...img} onError={() => setFailed(true)} />
    </picture>
  );
}
