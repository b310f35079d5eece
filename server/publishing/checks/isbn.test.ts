import { describe, expect, it } from 'vitest';
import { isbnCheck } from './isbn';
import { testInput } from './test-book';

const facts = (value: string, more = {}) => testInput({ isbn: { value, otherBooks: [], pool: null, ...more } });

describe('the ISBN check', () => {
  it('does not run without an ISBN (never "passed")', () => {
    expect(isbnCheck(testInput())).toMatchObject({ status: 'not_run', message: expect.stringContaining('No ISBN') });
  });

  it('passes a valid ISBN-13 nobody else carries, and an ISBN-10 as its ISBN-13', () => {
    expect(isbnCheck(facts('9780306406157'))).toMatchObject({ status: 'passed', findings: [] });
    expect(isbnCheck(facts('0-306-40615-2'))).toMatchObject({ status: 'passed', message: expect.stringContaining('9780306406157') });
  });

  it('fails a wrong check digit, a wrong length and a wrong prefix, saying which', () => {
    expect(isbnCheck(facts('9780306406158'))).toMatchObject({ status: 'failed', findings: [{ reason: expect.stringContaining('wrong check digit') }] });
    expect(isbnCheck(facts('97803064061'))).toMatchObject({ status: 'failed', findings: [{ reason: expect.stringContaining('neither 10 nor 13') }] });
    expect(isbnCheck(facts('9770306406157'))).toMatchObject({ status: 'failed', findings: [{ reason: expect.stringContaining('978 or 979') }] });
  });

  it('fails a number another book carries or another imprint holds', () => {
    const taken = isbnCheck(facts('9780306406157', { otherBooks: [{ id: 'b2', title: 'Other Book' }] }));
    expect(taken).toMatchObject({
      status: 'failed',
      findings: [{ where: 'ISBN 9780306406157', reason: expect.stringContaining('“Other Book” already carries it') }],
    });
    const pooled = isbnCheck(facts('9780306406157', { pool: { imprintName: 'Harbour Press', ownImprint: false, assignedTo: null } }));
    expect(pooled).toMatchObject({ status: 'failed', findings: [{ reason: expect.stringContaining('pool of Harbour Press') }] });
  });

  it("passes a number from the publisher's own pool, free or assigned to this book", () => {
    expect(isbnCheck(facts('9780306406157', { pool: { imprintName: 'Mine', ownImprint: true, assignedTo: null } })).status).toBe('passed');
  });
});
