import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../audit/record';
import { listAudit } from '../../sync/api/admin';
import { answerOf, buildTestContext, type TestContext } from '../test/test-context';
import { csvCell } from './csv';
import { buildAdmin } from './test-helpers';

let t: TestContext;
let admin: Awaited<ReturnType<typeof buildAdmin>>;
const JAN_10 = Date.parse('2025-01-10T12:00:00Z');
const JAN_20 = Date.parse('2025-01-20T23:59:00Z');

beforeAll(async () => {
  t = await buildTestContext();
  admin = await buildAdmin(t.ctx, { username: 'auditor' });
  const db = t.ctx.db;
  await recordAudit(db, JAN_10, {
    actor: { id: 'a1', username: 'alice' },
    action: 'user.suspended',
    targetType: 'user',
    targetId: 'u-1',
    detail: { reason: 'He said "hi", then left' },
  });
  await recordAudit(db, JAN_20, {
    actor: { id: 'b1', username: '=HYPERLINK("http://evil")' },
    action: 'site.settings_changed',
    targetType: 'site',
    targetId: 'settings',
  });
  await recordAudit(db, JAN_20, { actor: { id: 'a1', username: 'alice' }, action: 'role_request.approved', targetType: 'role_request', targetId: 'r-9' });
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await t.request(`/api/admin/audit?${query}`, { cookie: admin.cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as { total: number; items: { action: string; targetId: string; detail: Record<string, unknown> }[] };
};

describe('GET /api/admin/audit', () => {
  it('filters by actor, action, target and UTC dates, newest first', async () => {
    expect((await list('actor=alice')).items.map((r) => r.action)).toEqual(['role_request.approved', 'user.suspended']);
    expect((await list('action=suspend')).total).toBe(1);
    expect((await list('target=u-1')).items[0]!.detail).toEqual({ reason: 'He said "hi", then left' });
    expect((await list('target=role_request')).items[0]!.targetId).toBe('r-9');
    expect((await list('from=2025-01-10&to=2025-01-10')).total).toBe(1);
    expect((await list('from=2025-01-11&to=2025-01-20')).total).toBe(2);
  });

  it('names a user target by display name and @username', async () => {
    await recordAudit(t.ctx.db, Date.parse('2025-03-01T12:00:00Z'), {
      actor: { id: admin.user.id, username: 'auditor' },
      action: 'user.restored',
      targetType: 'user',
      targetId: admin.user.id,
    });
    const res = await t.request('/api/admin/audit?action=user.restored', { cookie: admin.cookie });
    const [row] = (await answerOf(res, listAudit)).items;
    expect(row!.target).toEqual({ label: expect.stringContaining('(@auditor)') as string, link: '/admin/users?q=auditor', gone: false });
    // An id that is no longer an account says so, without a link.
    expect((await answerOf(await t.request('/api/admin/audit?target=u-1', { cookie: admin.cookie }), listAudit)).items[0]!.target).toEqual({
      label: 'A deleted account',
      link: null,
      gone: true,
    });
  });

  it('422 for bad dates', async () => {
    expect((await t.request('/api/admin/audit?from=yesterday', { cookie: admin.cookie })).status).toBe(422);
    expect((await t.request('/api/admin/audit?from=2025-02-01&to=2025-01-01', { cookie: admin.cookie })).status).toBe(422);
  });
});

describe('GET /api/admin/audit.csv', () => {
  it('exports every matching row with quoting and a formula guard', async () => {
    const res = await t.request('/api/admin/audit.csv?from=2025-01-01&to=2025-01-31', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="quire-audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,time_utc,actor,actor_id,action,target_type,target_id,ip,detail');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[3]).toContain('"{""reason"":""He said \\""hi\\"", then left""}"');
    expect(lines[3]).toContain('2025-01-10T12:00:00.000Z,alice,a1,user.suspended');
  });

  it('csvCell guards every formula prefix', () => {
    for (const s of ['=1+1', '+1', '-1+1', '-', '@SUM(A1)']) expect(csvCell(s)).toBe(`'${s}`);
    expect(csvCell('-5.90')).toBe('-5.90');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe('');
  });
});

describe('the audit log is append-only', () => {
  it('refuses UPDATE and DELETE', async () => {
    await expect(sql`UPDATE audit_log SET action = 'x'`.execute(t.ctx.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log`.execute(t.ctx.db)).rejects.toThrow(/append-only/);
    expect((await list('')).total).toBeGreaterThanOrEqual(3);
  });
});
