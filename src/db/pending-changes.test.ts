import { describe, expect, it } from 'vitest';
import { PendingChanges } from './pending-changes';

const doc = (name: string) => ({ id: 'a', name, _deleted: false });
const stored = (name: string) => ({ ...doc(name), _rev: '2-x', _meta: { lwt: 1 } });

describe('PendingChanges', () => {
  it('keeps a new document waiting until a push acknowledges the version it carried', () => {
    const pending = new PendingChanges(() => {});
    pending.written('l:a', null, doc('One'));
    const version = pending.pushing('l:a');
    pending.written('l:a', stored('One'), doc('Two')); // while the push is in flight
    pending.pushed('l:a', version, doc('One'));
    expect(pending.keys).toEqual(['l:a']);
    pending.pushed('l:a', pending.pushing('l:a'), doc('Two'));
    expect(pending.count).toBe(0);
  });

  it('does not wait for a save that leaves a document as the server has it', () => {
    const pending = new PendingChanges(() => {});
    pending.written('l:a', stored('Same'), stored('Same'));
    expect(pending.count).toBe(0);
    pending.written('l:a', stored('Same'), doc('Other'));
    pending.written('l:a', stored('Other'), doc('Same')); // undone before any push
    expect(pending.count).toBe(0);
  });

  it('keeps an undone edit waiting while a push of the edit is in flight, then settles on its answer', () => {
    const pending = new PendingChanges(() => {});
    pending.written('l:a', stored('Same'), doc('Other'));
    const version = pending.pushing('l:a');
    pending.written('l:a', stored('Other'), doc('Same'));
    expect(pending.count).toBe(1); // the server is about to have "Other": "Same" must be pushed again
    pending.pushed('l:a', version, doc('Other'));
    expect(pending.count).toBe(1);
    pending.pushed('l:a', pending.pushing('l:a'), doc('Same'));
    expect(pending.count).toBe(0);
  });

  it('keeps waiting after a failed push, and stops when a pull shows the server already has the local state', () => {
    const pending = new PendingChanges(() => {});
    pending.written('l:a', stored('Old'), doc('New'));
    pending.pushed('l:a', pending.pushing('l:a'), null);
    expect(pending.count).toBe(1);
    pending.pulled('l:a', doc('New')); // another device made the same edit
    expect(pending.count).toBe(0);
  });
});
