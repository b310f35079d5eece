/** Small real files for tests: a 1×1 PNG, a minimal DOCX and EPUB (ZIPs with the telling entries). */
import { strToU8, zipSync } from 'fflate';

export const PNG_1x1 = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
);

/** A different image: the same PNG with a byte appended after IEND (still a valid PNG). */
export const PNG_OTHER = Uint8Array.from([...PNG_1x1, 0]);

export function docxBytes(): Uint8Array {
  return zipSync({
    '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    'word/document.xml': strToU8('<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>'),
  });
}

export function epubBytes(): Uint8Array {
  return zipSync({
    mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': strToU8('<container/>'),
  });
}
