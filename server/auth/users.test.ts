/** Finding an account by what a person typed: any case, "@" or not, through the UNIQUE indexes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../admin/test-helpers';
import { queryPlan } from '../test/query-plan';
import { buildTestContext, type TestContext } from '../test/test-context';
import { activeAccountNamed } from './users';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestContext();
});
afterAll(() => t.close());

describe('activeAccountNamed', () => {
  it('finds an active account by username or e-mail in any case, "@" or not', async () => {
    const user = await buildUser(t.ctx, { username: 'marta_v', email: 'marta@example.test' });
    for (const by of [{ username: 'Marta_V' }, { username: ' @marta_v ' }, { email: 'MARTA@Example.test' }])
      expect((await activeAccountNamed(t.ctx.db, by).executeTakeFirst())?.id, JSON.stringify(by)).toBe(user.id);
    await t.ctx.db.updateTable('users').set({ status: 'suspended' }).where('id', '=', user.id).execute();
    expect(await activeAccountNamed(t.ctx.db, { username: 'marta_v' }).executeTakeFirst()).toBeUndefined();
  });

  it('searches the unique indexes instead of scanning users', async () => {
    for (const by of [{ username: 'Someone' }, { email: 'someone@example.test' }]) {
      const plan = await queryPlan(t.ctx.db, activeAccountNamed(t.ctx.db, by).compile());
      expect(plan.indexes.length, plan.text).toBeGreaterThan(0);
      expect(plan.scans, plan.text).not.toContain('users');
    }
  });
});
