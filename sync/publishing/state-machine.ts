/**
 * A manuscript's way to the store as one table: each command, the states it may start from, the
 * state it leads to, and who may give it — the manuscript's owner (an author) or a reviewer (an
 * admin). Server commands, the refusals (403 for the wrong person, 409 for the wrong state) and the
 * buttons each page shows all ask `decide` / `allowedActions`, so they cannot disagree.
 *
 * The state is that of the latest submission. Whether a book is in the store is a separate fact:
 * a published book stays listed, with its approved edition, while an update of it is submitted,
 * reviewed, sent back or refused (decision 035).
 */
export const PUBLISHING_STATES = ['draft', 'submitted', 'in_review', 'changes_requested', 'rejected', 'published', 'unlisted'] as const;
export type PublishingState = (typeof PUBLISHING_STATES)[number];

export const PUBLISHING_ACTIONS = ['submit', 'start_review', 'request_changes', 'reject', 'approve', 'unlist', 'republish'] as const;
export type PublishingAction = (typeof PUBLISHING_ACTIONS)[number];

/** The capacities a person acts in; an admin who owns the manuscript holds both. */
export type PublishingActor = 'owner' | 'reviewer';

interface Transition {
  from: readonly PublishingState[];
  to: PublishingState;
  by: readonly PublishingActor[];
  /** A reviewer must say why: the comment is the author's feedback. */
  needsComment: boolean;
}

const UNDER_REVIEW = ['submitted', 'in_review'] as const;

export const TRANSITIONS: Record<PublishingAction, Transition> = {
  // From published or unlisted: an update, a new edition that goes through review again.
  submit: { from: ['draft', 'changes_requested', 'published', 'unlisted'], to: 'submitted', by: ['owner'], needsComment: false },
  start_review: { from: ['submitted'], to: 'in_review', by: ['reviewer'], needsComment: false },
  request_changes: { from: UNDER_REVIEW, to: 'changes_requested', by: ['reviewer'], needsComment: true },
  // Final: a refused manuscript is not submitted again (changes requested is the way back).
  reject: { from: UNDER_REVIEW, to: 'rejected', by: ['reviewer'], needsComment: true },
  approve: { from: UNDER_REVIEW, to: 'published', by: ['reviewer'], needsComment: false },
  unlist: { from: ['published'], to: 'unlisted', by: ['owner', 'reviewer'], needsComment: false },
  // Lists the approved edition again: nothing new to review.
  republish: { from: ['unlisted'], to: 'published', by: ['owner', 'reviewer'], needsComment: false },
};

type Decision = { ok: true; to: PublishingState } | { ok: false; reason: 'forbidden' | 'wrong_state' };

/** Whether `actors` may give `action` in `state`; who is asked before where (403 before 409). */
export function decide(state: PublishingState, action: PublishingAction, actors: readonly PublishingActor[]): Decision {
  const t = TRANSITIONS[action];
  if (!t.by.some((a) => actors.includes(a))) return { ok: false, reason: 'forbidden' };
  if (!t.from.includes(state)) return { ok: false, reason: 'wrong_state' };
  return { ok: true, to: t.to };
}

/** The commands `actors` may give now, in table order (the buttons a page shows). */
export function allowedActions(state: PublishingState, actors: readonly PublishingActor[]): PublishingAction[] {
  return PUBLISHING_ACTIONS.filter((action) => decide(state, action, actors).ok);
}

export const STATE_LABELS: Record<PublishingState, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  in_review: 'In review',
  changes_requested: 'Changes requested',
  rejected: 'Rejected',
  published: 'Published',
  unlisted: 'Unlisted',
};
