/**
 * The ebook cover (DOMAIN.md "Ebook cover"): 1600 × 2560 px recommended (1 : 1.6); the shortest
 * side at least 1000 px and the longest at most 10000 px. Outside those limits, or an image that
 * cannot be read, fails (stores refuse such covers); a smaller size or another shape than
 * recommended is a warning, since the store shows it letterboxed or soft. No cover is a warning:
 * the store draws a plain title card, which a reviewer may accept.
 */
import { COVER_HEIGHT, COVER_MAX_SIDE, COVER_MIN_SIDE, COVER_WIDTH } from '../../../sync/covers/design';
import type { CheckOutcome, EditionCheckFn } from './types';

const RECOMMENDED = { width: COVER_WIDTH, height: COVER_HEIGHT };
const RATIO = COVER_HEIGHT / COVER_WIDTH;
/** How far height / width may stray from 1.6 before it shows (2 %: 1600 × 2520 still looks right). */
const RATIO_TOLERANCE = 0.02;

export const coverCheck: EditionCheckFn = ({ cover }): CheckOutcome => {
  if (!cover)
    return {
      status: 'warning',
      message: 'No cover: the store shows a plain title card instead. 1600 × 2560 px is recommended.',
      findings: [],
    };
  if ('unreadable' in cover)
    return {
      status: 'failed',
      message: 'The cover image cannot be read.',
      findings: [{ where: cover.path, reason: 'Not a JPEG, PNG or WebP image Quire can open.' }],
    };
  const { width, height } = cover;
  const size = `${width} × ${height} px`;
  const where = `Cover (${size})`;
  const hard = [];
  if (Math.min(width, height) < COVER_MIN_SIDE) hard.push({ where, reason: `The shortest side is under ${COVER_MIN_SIDE} px.` });
  if (Math.max(width, height) > COVER_MAX_SIDE) hard.push({ where, reason: `The longest side is over ${COVER_MAX_SIDE} px.` });
  if (hard.length > 0) return { status: 'failed', message: `The cover is ${size}: outside the limits stores accept.`, findings: hard };
  const soft = [];
  const ratio = height / width;
  if (Math.abs(ratio - RATIO) / RATIO > RATIO_TOLERANCE)
    soft.push({ where, reason: `Its shape is 1 : ${ratio.toFixed(2)}, not 1 : ${RATIO} (the store letterboxes it).` });
  if (width < RECOMMENDED.width || height < RECOMMENDED.height)
    soft.push({ where, reason: `Smaller than the recommended ${RECOMMENDED.width} × ${RECOMMENDED.height} px: it looks soft on large screens.` });
  if (soft.length > 0) return { status: 'warning', message: `The cover is ${size}: within limits, not as recommended.`, findings: soft };
  return { status: 'passed', message: `The cover is ${size}, ratio 1 : ${RATIO}.`, findings: [] };
};
