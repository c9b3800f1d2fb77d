import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Check } from '../../src/modules/rate-limits/budgets.js';
import { LEASE_MS, LeaseStore, leaseSize, MAX_LEASE } from '../../src/modules/rate-limits/lease-store.js';
import { planLimits, type KeyLimits } from '../../src/modules/rate-limits/policies.js';
import { RedisLimitStore } from '../../src/modules/rate-limits/redis-store.js';
import { runTunings as tunings } from '../tuning.js';

describe('lease size (RATE_LIMIT_MODE=leases)', () => {
  it('is 1% of the smallest budget in force, at most MAX_LEASE, at least one request', () => {
    expect(leaseSize(planLimits.professional, undefined)).toBe(1);
    expect(leaseSize(planLimits.enterprise, undefined)).toBe(5);
    expect(leaseSize(planLimits.enterprise, 'search')).toBe(1);
    expect(leaseSize({ hourly: 1e9, burst: 1e9, export: 10, bulk: 20, search: 100, imports: 100 }, undefined)).toBe(MAX_LEASE);
  });
});

/** One process's leases against a real Redis, read back through an exact store on the same keys. */
describe.skipIf(!process.env.TEST_REDIS_URL)('leases of a key budget in Redis', () => {
  let redis: RedisLimitStore;
  let now = Date.UTC(2026, 10, 26, 12, 0, 0);
  const clock = { now: () => now };
  beforeAll(async () => {
    redis = new RedisLimitStore({ url: process.env.TEST_REDIS_URL!, prefix: `lectern-test:${randomBytes(6).toString('hex')}:`, commandTimeoutMs: 2_000, tunings });
    await new Promise((resolve) => redis.redis.once('ready', resolve));
  });
  afterAll(() => redis.close());

  const limits: KeyLimits = { hourly: 1_000, burst: 1_000, export: 10, bulk: 20, search: 100, imports: 100 };
  const check = (keyId: string, cost: 0 | 1 = 1, keyLimits = limits): Check => ({ keyId, limits: keyLimits, group: undefined, now, cost });
  /** What Redis alone counts as used of the key's hour. */
  const usedInRedis = async (keyId: string) => 1_000 - (await redis.check(check(keyId, 0))).hourly.remaining;
  const admit = async (leases: LeaseStore, c: Check) => leases.spend(c) ?? (await leases.renew(c));

  it('takes a lease of 10, admits ten requests with one Redis call, and shows the unspent part as remaining', async () => {
    const leases = new LeaseStore(redis, clock);
    const first = await admit(leases, check('a'));
    expect(first).toMatchObject({ allowed: true, hourly: { remaining: 999 } });
    expect(await usedInRedis('a')).toBe(10);
    const remaining = [];
    for (let i = 0; i < 9; i++) {
      const decision = leases.spend(check('a'));
      expect(decision?.allowed).toBe(true);
      remaining.push(decision!.hourly.remaining);
    }
    expect(remaining).toEqual([998, 997, 996, 995, 994, 993, 992, 991, 990]);
    expect(leases.spend(check('a')), 'the lease is spent').toBeUndefined();
    expect(await usedInRedis('a')).toBe(10);
    await leases.close();
  });

  it('gives back what a lease did not spend once it ends: after LEASE_MS, on a plan change, on close', async () => {
    const leases = new LeaseStore(redis, clock);
    await admit(leases, check('b'));
    expect(await usedInRedis('b')).toBe(10);
    now += LEASE_MS;
    leases.sweep();
    await redis.ping(); // the give-back was sent first, on the same connection
    expect(await usedInRedis('b')).toBe(1);

    // The same figures in a new object (the key row read again) keep the lease.
    await admit(leases, check('b'));
    expect(await usedInRedis('b')).toBe(11);
    expect(leases.spend(check('b', 1, { ...limits }))?.allowed).toBe(true);
    // A plan change (other figures) ends the lease at the next request.
    const changed = { ...limits, search: 99 };
    expect(leases.spend(check('b', 1, changed))).toBeUndefined();
    await leases.renew(check('b', 1, changed));
    expect(await usedInRedis('b')).toBe(3 + 10);

    await leases.close();
    expect(await usedInRedis('b')).toBe(4);
  });

  it('checks the last requests of a budget one by one: never more than the limit from one process', async () => {
    const small: KeyLimits = { hourly: 1_050, burst: 10_000, export: 10, bulk: 20, search: 100, imports: 100 };
    const leases = new LeaseStore(redis, clock);
    let admitted = 0;
    for (let i = 0; i < 1_100; i++) if ((await admit(leases, check('c', 1, small))).allowed) admitted++;
    expect(admitted).toBe(1_050);
    const refused = await admit(leases, check('c', 1, small));
    expect(refused).toMatchObject({ allowed: false, exceeded: 'hourly', hourly: { remaining: 0 } });
    await leases.close();
  });
});
