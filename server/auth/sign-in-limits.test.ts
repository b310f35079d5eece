/**
 * Password guessing is slowed without locking the owner out: failures are counted per IP (an IPv6
 * address by its /64), per IP + account and per account, each with growing waits; the
 * per-account count does not stop a browser that has signed in to the account before.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestContext, sessionCookieFrom, type TestContext } from '../test/test-context';
import { post, registerAndSignIn } from './test-helpers';
import { ipBucket } from './limiters';

let t: TestContext;
beforeEach(async () => {
  t = await buildTestContext();
});
afterEach(async () => t.close());

const WRONG = 'not the right password';

/** The device cookie a successful sign-in left in this browser. */
function deviceCookieFrom(res: Response): string {
  const value = res.headers
    .getSetCookie()
    .find((h) => h.startsWith('quire_device='))
    ?.split(';')[0];
  if (!value) throw new Error('no device cookie');
  return value;
}

function retryAfter(res: Response): number {
  expect(res.status).toBe(429);
  return Number(res.headers.get('retry-after'));
}

describe('sign-in failures', () => {
  it('keep the owner signing in from a known device while the attacker waits longer and longer', async () => {
    const owner = await registerAndSignIn(t);
    const home = await post(t, '/sign-in', { email: owner.email, password: owner.password }, { ip: '198.51.100.7' });
    const device = deviceCookieFrom(home);

    // One attacker address: a few free guesses, then each wait is longer than the one before.
    const attacker = { ip: '203.0.113.66' };
    const statuses: number[] = [];
    const waits: number[] = [];
    for (let guesses = 0; guesses < 9;) {
      const res = await post(t, '/sign-in', { email: owner.email, password: WRONG }, attacker);
      statuses.push(res.status);
      if (res.status === 429) {
        waits.push(retryAfter(res));
        t.advance(waits.at(-1)! * 1000);
      } else {
        expect(res.status).toBe(401);
        guesses += 1;
      }
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(waits.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThan(waits[i - 1]!);
    // The wait is for that address: the attacker cannot guess again right away…
    expect((await post(t, '/sign-in', { email: owner.email, password: owner.password }, attacker)).status).toBe(429);

    // …and guesses from many addresses exhaust the account's own budget for unknown browsers.
    expect((await post(t, '/sign-in', { email: owner.email, password: WRONG }, { ip: '192.0.2.1' })).status).toBe(401);
    const stranger = await post(t, '/sign-in', { email: owner.email, password: owner.password }, { ip: '192.0.2.99' });
    expect(retryAfter(stranger)).toBeGreaterThan(0);

    // The owner's browser, which signed in before, is let through with the right password.
    const back = await post(t, '/sign-in', { email: owner.email, password: owner.password }, { ip: '198.51.100.7', cookie: device });
    expect(back.status).toBe(200);
    expect(sessionCookieFrom(back)).toBeTruthy();
  }, 60_000);

  it('do not count a device cookie of another account', async () => {
    const owner = await registerAndSignIn(t);
    const other = await registerAndSignIn(t);
    const device = deviceCookieFrom(await post(t, '/sign-in', { email: other.email, password: other.password }));
    for (let i = 1; i <= 12; i++) await post(t, '/sign-in', { email: owner.email, password: WRONG }, { ip: `192.0.2.${i}` });
    const res = await post(t, '/sign-in', { email: owner.email, password: owner.password }, { ip: '198.51.100.8', cookie: device });
    expect(res.status).toBe(429);
    const forged = await post(
      t,
      '/sign-in',
      { email: owner.email, password: owner.password },
      { ip: '198.51.100.8', cookie: 'quire_device=9999999999999.AAAA' },
    );
    expect(forged.status).toBe(429);
  }, 60_000);

  it('share one bucket across an IPv6 /64', async () => {
    const owner = await registerAndSignIn(t);
    const same64 = ['2001:db8:1:2::1', '2001:db8:1:2:ffff::9', '2001:0db8:0001:0002:1:2:3:4', '2001:db8:1:2::abcd', '2001:db8:1:2::5'];
    for (const ip of same64) expect((await post(t, '/sign-in', { email: owner.email, password: WRONG }, { ip })).status).toBe(401);
    expect((await post(t, '/sign-in', { email: owner.email, password: WRONG }, { ip: '2001:db8:1:2:dead:beef::1' })).status).toBe(429);
    expect((await post(t, '/sign-in', { email: owner.email, password: WRONG }, { ip: '2001:db8:1:3::1' })).status).toBe(401);
  }, 60_000);
});

describe('ipBucket', () => {
  it('keys IPv6 by /64 and leaves IPv4 as it is', () => {
    expect(ipBucket('203.0.113.5')).toBe('203.0.113.5');
    expect(ipBucket('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(ipBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(ipBucket('2001:DB8:0:0:1::1')).toBe('2001:db8:0:0::/64');
    expect(ipBucket('2001:db8:a:b:c:d:1.2.3.4')).toBe('2001:db8:a:b::/64');
    expect(ipBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(ipBucket('unknown')).toBe('unknown');
  });
});
