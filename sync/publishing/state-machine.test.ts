import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  decide,
  PUBLISHING_ACTIONS,
  PUBLISHING_STATES,
  type PublishingAction,
  type PublishingActor,
  type PublishingState,
} from './state-machine';

/** Written out by hand, not derived from the table: every allowed (state, command) → next state, per role. */
const OWNER: Partial<Record<PublishingState, Partial<Record<PublishingAction, PublishingState>>>> = {
  draft: { submit: 'submitted' },
  changes_requested: { submit: 'submitted' },
  published: { submit: 'submitted', unlist: 'unlisted' },
  unlisted: { submit: 'submitted', republish: 'published' },
};
const REVIEWER: typeof OWNER = {
  submitted: { start_review: 'in_review', request_changes: 'changes_requested', reject: 'rejected', approve: 'published' },
  in_review: { request_changes: 'changes_requested', reject: 'rejected', approve: 'published' },
  published: { unlist: 'unlisted' },
  unlisted: { republish: 'published' },
};
const OWNER_COMMANDS: PublishingAction[] = ['submit', 'unlist', 'republish'];
const REVIEWER_COMMANDS: PublishingAction[] = ['start_review', 'request_changes', 'reject', 'approve', 'unlist', 'republish'];

const cases = (actor: PublishingActor) => PUBLISHING_STATES.flatMap((state) => PUBLISHING_ACTIONS.map((action) => [actor, state, action] as const));

describe('publishing state machine', () => {
  it.each([...cases('owner'), ...cases('reviewer')])('%s: %s → %s', (actor, state, action) => {
    const table = actor === 'owner' ? OWNER : REVIEWER;
    const commands = actor === 'owner' ? OWNER_COMMANDS : REVIEWER_COMMANDS;
    const to = table[state]?.[action];
    const decision = decide(state, action, [actor]);
    if (to) expect(decision).toEqual({ ok: true, to });
    else if (!commands.includes(action)) expect(decision).toEqual({ ok: false, reason: 'forbidden' });
    else expect(decision).toEqual({ ok: false, reason: 'wrong_state' });
  });

  it('refuses a command to the wrong person before looking at the state', () => {
    expect(decide('rejected', 'approve', ['owner'])).toEqual({ ok: false, reason: 'forbidden' });
    expect(decide('draft', 'submit', ['reviewer'])).toEqual({ ok: false, reason: 'forbidden' });
    expect(decide('draft', 'submit', [])).toEqual({ ok: false, reason: 'forbidden' });
  });

  it('gives an admin who owns the manuscript both sets of commands', () => {
    expect(allowedActions('published', ['owner', 'reviewer'])).toEqual(['submit', 'unlist']);
    expect(allowedActions('submitted', ['owner', 'reviewer'])).toEqual(['start_review', 'request_changes', 'reject', 'approve']);
  });

  it('leaves nothing to do once rejected', () => {
    expect(allowedActions('rejected', ['owner', 'reviewer'])).toEqual([]);
  });
});
