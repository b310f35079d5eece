import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../admin/test-helpers';
import { buildTestContext, type TestContext } from '../../test/test-context';
import { sqliteCollabAccess } from './access';
import { addMember, buildManuscript } from '../../collab/test-helpers';

let t: TestContext;
beforeEach(async () => {
  t = await buildTestContext();
});
afterEach(() => t.close());

describe('collab access', () => {
  it('gives the owner, co-authors and admins their roles, and strangers none', async () => {
    const access = sqliteCollabAccess(t.ctx.db);
    const owner = await buildUser(t.ctx, { roles: ['author'] });
    const { id, docNames } = await buildManuscript(t.ctx, owner.id);
    const name = docNames[0]!;
    const [editor, commenter, viewer, stranger, admin] = await Promise.all([
      buildUser(t.ctx),
      buildUser(t.ctx),
      buildUser(t.ctx),
      buildUser(t.ctx),
      buildUser(t.ctx, { roles: ['admin'] }),
    ]);
    await addMember(t.ctx, id, editor.id, 'editor');
    await addMember(t.ctx, id, commenter.id, 'commenter');
    await addMember(t.ctx, id, viewer.id, 'viewer');
    expect(await access.roleFor(owner.id, name)).toBe('owner');
    expect(await access.roleFor(editor.id, name)).toBe('editor');
    expect(await access.roleFor(commenter.id, name)).toBe('commenter');
    expect(await access.roleFor(viewer.id, name)).toBe('viewer');
    expect(await access.roleFor(admin.id, name)).toBe('viewer');
    expect(await access.roleFor(stranger.id, name)).toBeNull();
  });

  it('knows which documents exist', async () => {
    const access = sqliteCollabAccess(t.ctx.db);
    const owner = await buildUser(t.ctx);
    const { docNames } = await buildManuscript(t.ctx, owner.id);
    expect(await access.exists(docNames[0]!)).toBe(true);
    expect(await access.exists('chapter:missing')).toBe(false);
    expect(await access.exists('not-a-doc')).toBe(false);
    expect(await access.roleFor(owner.id, 'chapter:missing')).toBeNull();
  });
});
