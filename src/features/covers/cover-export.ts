/**
 * The PDF download, loaded only when someone asks for it: pdf-lib, fontkit and the font files
 * stay out of every first load. The fonts are the very WOFF2 files the preview's @font-face uses
 * (and the service worker precaches), so the export works offline too.
 */
import textFontUrl from '@fontsource/libre-baskerville/files/libre-baskerville-latin-400-normal.woff2?url';
import titleFontUrl from '@fontsource/libre-baskerville/files/libre-baskerville-latin-700-normal.woff2?url';
import { coverPdf } from './cover-pdf';
import type { CoverDesign } from './cover-text';

async function bytes(url: string): Promise<Uint8Array> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`Couldn't load the cover font (HTTP ${res.status}). Check your connection and try again.`);
  return new Uint8Array(await res.arrayBuffer());
}

function coverFileName(design: CoverDesign): string {
  const slug =
    design.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'cover';
  return `${slug}-paperback-cover-${design.trimId}-${design.pages}p-${design.paper}.pdf`;
}

/** Builds the PDF and hands it to the browser as a download. */
export async function downloadCoverPdf(design: CoverDesign): Promise<void> {
  const [title, text] = await Promise.all([bytes(titleFontUrl), bytes(textFontUrl)]);
  const pdf = await coverPdf(design, { title, text });
  const url = URL.createObjectURL(new Blob([pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = coverFileName(design);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
