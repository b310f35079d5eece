/**
 * What a saved paperback cover says when its manuscript's print layout has a new page count
 * (decision 069): the counts before and after, the spine's new width, and a warning when the
 * spine text fitted before and no longer does (or may no longer be there at all, under 79 pages).
 */
import { formatInches, pageCountProblem, spineWidth, type PaperId, type SpineFit } from './kdp-maths';

export interface PageCountChange {
  message: string;
  /** Why the spine text no longer works at the new count; null when it still does (or never did). */
  spineWarning: string | null;
  /** The new count is outside what KDP prints: the cover keeps its last good spine. */
  refused: boolean;
}

export function pageCountChange(input: {
  was: number;
  now: number;
  paper: PaperId;
  spineBefore: SpineFit | null;
  spineAfter: SpineFit;
}): PageCountChange | null {
  const { was, now } = input;
  if (was === now) return null;
  const head = `The print layout now has ${now} pages (was ${was})`;
  const problem = pageCountProblem(now);
  if (problem) return { message: `${head}: ${problem} The cover keeps its ${was}-page spine.`, spineWarning: null, refused: true };
  const lost = input.spineAfter.kind !== 'fits' && (input.spineBefore === null || input.spineBefore.kind === 'fits');
  return {
    message: `${head}: the spine is now ${formatInches(spineWidth(now, input.paper))} wide.`,
    spineWarning: lost && input.spineAfter.kind !== 'fits' ? input.spineAfter.message : null,
    refused: false,
  };
}
