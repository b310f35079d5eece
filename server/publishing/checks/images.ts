/**
 * Images over size: each picture in the edition over IMAGE_MAX_BYTES (5 MB). Big images make the
 * EPUB slow to download on a phone and some stores refuse files over their limit; the author can
 * export a smaller JPEG. It fails without stopping approval: the book still reads.
 */
import { formatBytes } from '../../../sync/text/bytes';
import { IMAGE_MAX_BYTES } from '../../../sync/publishing/checks';
import { chapterLabel, count, type CheckOutcome, type EditionCheckFn } from './types';

export const imagesCheck: EditionCheckFn = ({ book, images }): CheckOutcome => {
  const limit = formatBytes(IMAGE_MAX_BYTES);
  if (images.length === 0) return { status: 'passed', message: 'The chapters have no images.', findings: [] };
  const findings = images
    .filter((i) => i.bytes > IMAGE_MAX_BYTES)
    .map((i) => ({ where: `${chapterLabel(book, i.chapterId)}, image ${i.name}`, reason: `${formatBytes(i.bytes)}: over the ${limit} limit.` }));
  if (findings.length > 0) return { status: 'failed', message: `${count(findings.length, 'image')} over ${limit}.`, findings };
  return { status: 'passed', message: `${count(images.length, 'image')}, each at most ${limit}.`, findings: [] };
};
