import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bucketExpiry, type Check, type Decision, MINUTE_MS, WINDOW_BUCKET_MS } from '../../src/modules/rate-limits/budgets.js';
import { MemoryLimitStore } from '../../src/modules/rate-limits/memory-store.js';
import type { EndpointGroup, KeyLimits } from '../../src/modules/rate-limits/policies.js';
import { RedisLimitStore, RedisTimeoutError } from '../../src/modules/rate-limits/redis-store.js';
import { runTunings as tunings, tuningTitle } from '../tuning.js';

/** A seeded generator, so that a failing sequence can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

describe('memory store arithmetic', () => {
  it('a bucket refills by the millisecond in exact integers: 7 per minute, one token every 8,572 ms', () => {
    const store = new MemoryLimitStore({ now: () => 0 });
    const limits: KeyLimits = { hourly: 1000, burst: 7, export: 1, bulk: 1, search: 1, imports: 1 };
    const check = (now: number): Check => ({ keyId: 'k', limits, group: undefined, now, cost: 1 });
    for (let i = 0; i < 7; i++) expect(store.check(check(0)).allowed).toBe(true);
    const refused = store.check(check(0));
    expect(refused).toMatchObject({ allowed: false, exceeded: 'burst', retryAfterMs: Math.ceil(MINUTE_MS / 7) });
    expect(store.check(check(8_571)).allowed).toBe(false);
    expect(store.check(check(8_572)).allowed).toBe(true);
    void store.close();
  });
});

/**
 * The two stores are one behaviour: the same random sequence of checks and failed
 * authentications, over three hours of a shared clock, gets identical decisions from both.
 */
// Skipped in the SQLite-only run (`npm test`, no TEST_REDIS_URL); .ci/run's PostgreSQL + Redis suite runs it.
describe.skipIf(!process.env.TEST_REDIS_URL)('memory and Redis stores decide alike', () => {
  let redis: RedisLimitStore;
  beforeAll(async () => {
    redis = new RedisLimitStore({ url: process.env.TEST_REDIS_URL!, prefix: `lectern-test:${randomBytes(6).toString('hex')}:`, commandTimeoutMs: 2_000, tunings });
    await new Promise((resolve) => redis.redis.once('ready', resolve));
  });
  afterAll(() => redis.close());

  it('gives identical decisions for 3,000 random requests', async () => {
    const next = random(42);
    let now = Date.UTC(2026, 10, 21, 12, 0, 0);
    const memory = new MemoryLimitStore({ now: () => now });
    const limits: KeyLimits = { hourly: 40, burst: 8, export: 3, bulk: 5, search: 12, imports: 12 };
    // Now and then a key's plan is lower (a downgrade): a window can then hold more than its limit,
    // and a bucket more than its capacity.
    const lowered: KeyLimits = { hourly: 25, burst: 5, export: 1, bulk: 2, search: 6, imports: 6 };
    const groups: (EndpointGroup | undefined)[] = [undefined, undefined, undefined, 'export', 'bulk', 'search'];
    let admitted = 0;
    for (let i = 0; i < 3_000; i++) {
      now += Math.floor(next() ** 3 * 20_000); // mostly close together, sometimes long gaps
      const address = next() < 0.5 ? 'a' : 'b';
      if (next() < 0.05) {
        expect(await redis.recordFailure(address, now)).toEqual(memory.recordFailure(address, now));
        continue;
      }
      const check: Check = {
        keyId: next() < 0.8 ? 'k1' : 'k2',
        limits: next() < 0.8 ? limits : lowered,
        group: groups[Math.floor(next() * groups.length)],
        now,
        cost: next() < 0.9 ? 1 : 0,
      };
      const expected = memory.check(check);
      expect(await redis.check(check), `request ${i}`).toEqual(expected);
      if (expected.allowed && check.cost) admitted++;
    }
    // The sequence exercised both outcomes.
    expect(admitted).toBeGreaterThan(100);
    expect(admitted).toBeLessThan(2_700);
    await memory.close();
  });
});

// Skipped in the SQLite-only run (`npm test`, no TEST_REDIS_URL); .ci/run's PostgreSQL + Redis suite runs it.
describe.skipIf(!process.env.TEST_REDIS_URL)('Redis store on the wire', () => {
  let redis: RedisLimitStore;
  const prefix = `lectern-test:${randomBytes(6).toString('hex')}:`;
  beforeAll(async () => {
    redis = new RedisLimitStore({ url: process.env.TEST_REDIS_URL!, prefix, commandTimeoutMs: 2_000, tunings });
    await new Promise((resolve) => redis.redis.once('ready', resolve));
  });
  afterAll(() => redis.close());

  /**
   * `count` checks of one key in one turn against a burst of 8: what each got, whether the
   * connection was held for the turn, and the script calls sent.
   */
  async function oneTurn(keyId: string, count = 12) {
    const limits: KeyLimits = { hourly: 1_000, burst: 8, export: 3, bulk: 5, search: 12, imports: 12 };
    const now = Date.now();
    const calls = scriptCalls();
    const pending = Array.from({ length: count }, () => redis.check({ keyId, limits, group: undefined, now, cost: 1 }));
    const heldInTurn = redis.redis.stream.writableCorked;
    const decisions = await Promise.all(pending);
    const sent = calls.count;
    calls.stop();
    return { now, heldInTurn, decisions, calls: sent, allowed: decisions.map((d) => d.allowed), remaining: decisions.map((d) => d.burst.remaining) };
  }

  /** Counts the check scripts this store sends to Redis until stopped. */
  function scriptCalls() {
    const spy = vi.spyOn(redis.redis, 'sendCommand');
    return {
      get count() {
        return spy.mock.calls.filter(([command]) => command.name === 'evalsha' || command.name === 'eval').length;
      },
      stop: () => spy.mockRestore(),
    };
  }

  const roomy: KeyLimits = { hourly: 1_000, burst: 1_000, export: 3, bulk: 5, search: 12, imports: 12 };
  const minuteOf = (ms: number) => Math.floor(ms / WINDOW_BUCKET_MS);

  it('keeps a window to the minutes that still count, with their sum, after an hour and more of traffic', async () => {
    const start = Date.UTC(2026, 10, 22, 9, 0, 30);
    let last: Decision | undefined;
    for (let m = 0; m < 75; m++) {
      for (let i = 0; i < 2; i++) last = await redis.check({ keyId: 'steady', limits: roomy, group: undefined, now: start + m * 60_000, cost: 1 });
    }
    // The last 61 minutes count (2 requests each); the 14 before them were swept away.
    expect(last!.hourly).toEqual({ limit: 1_000, remaining: 1_000 - 122, resetAt: bucketExpiry(minuteOf(start) + 14) });
    const hash = await redis.redis.hgetall(`${prefix}rl:{steady}:window:hourly`);
    const minutes = Object.keys(hash).filter((field) => /^\d+$/.test(field)).map(Number).sort((a, b) => a - b);
    expect(minutes).toEqual(Array.from({ length: 61 }, (_, i) => minuteOf(start) + 14 + i));
    expect(hash).toMatchObject({ s: '122', o: String(minuteOf(start) + 14) });
  });

  it('counts a request stamped by a clock a minute behind as the oldest of its window', async () => {
    const now = Date.UTC(2026, 10, 22, 10, 0, 30);
    await redis.check({ keyId: 'skew', limits: roomy, group: undefined, now, cost: 1 });
    const behind = await redis.check({ keyId: 'skew', limits: roomy, group: undefined, now: now - 60_000, cost: 1 });
    expect(behind.hourly).toEqual({ limit: 1_000, remaining: 998, resetAt: bucketExpiry(minuteOf(now) - 1) });
  });

  const title = tuningTitle(
    'sends the checks of one event-loop turn together at its end, each answered in order, also after a reconnect',
    'with RUNTIME_TUNING=off, hands each check to the kernel at once, each answered in order, also after a reconnect',
  );
  it(title, async () => {
    // The connection is held (corked) until the turn ends, with the tuning; Node hands a write to the kernel at once.
    const held = (corked: number) => (tunings.on ? expect(corked).toBeGreaterThan(0) : expect(corked).toBe(0));
    const first = await oneTurn('k1');
    held(first.heldInTurn);
    expect(first.allowed).toEqual([...Array(8).fill(true), ...Array(4).fill(false)]);
    expect(first.remaining).toEqual([7, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0, 0]);
    // Twelve did not fit at once: one script call for all of them, then one for each, in order.
    expect(first.calls).toBe(13);

    // A new connection (after Redis dropped the old one) is treated alike.
    const old = redis.redis.stream;
    const ready = new Promise((resolve) => redis.redis.once('ready', resolve));
    old.destroy();
    await ready;
    expect(redis.redis.stream).not.toBe(old);
    const second = await oneTurn('k2');
    held(second.heldInTurn);
    expect(second.allowed).toEqual(first.allowed);
  });

  it('checks the requests of one key and turn that fit together in one script call, each decided as if checked alone in turn', async () => {
    const batch = await oneTurn('together', 5);
    expect(batch.calls).toBe(1);
    // The same requests one by one (each awaited) through the memory store, which the Redis store mirrors.
    const memory = new MemoryLimitStore({ now: () => 0 });
    const limits: KeyLimits = { hourly: 1_000, burst: 8, export: 3, bulk: 5, search: 12, imports: 12 };
    const alone = Array.from({ length: 5 }, () => memory.check({ keyId: 'together', limits, group: undefined, now: batch.now, cost: 1 }));
    expect(batch.decisions).toEqual(alone);
    expect(batch.remaining).toEqual([7, 6, 5, 4, 3]);
    // A request of the same key on another route's window, and a look, go as calls of their own.
    const limits2: KeyLimits = { hourly: 1_000, burst: 8, export: 3, bulk: 5, search: 12, imports: 12 };
    const calls = scriptCalls();
    const now = Date.now();
    const [plain, search, look] = await Promise.all([
      redis.check({ keyId: 'mixed', limits: limits2, group: undefined, now, cost: 1 }),
      redis.check({ keyId: 'mixed', limits: limits2, group: 'search', now, cost: 1 }),
      redis.check({ keyId: 'mixed', limits: limits2, group: undefined, now, cost: 0 }),
    ]);
    expect(calls.count).toBe(3);
    calls.stop();
    expect([plain.allowed, search.allowed, look.allowed]).toEqual([true, true, true]);
    expect(search.endpoint?.remaining).toBe(11);
    await memory.close();
  });

  it('gives back a check that Redis counted but whose answer came after the timeout (the request was decided locally)', async () => {
    const late = new RedisLimitStore({ url: process.env.TEST_REDIS_URL!, prefix, commandTimeoutMs: 200, tunings });
    await new Promise((resolve) => late.redis.once('ready', resolve));
    try {
      const limits: KeyLimits = { hourly: 1_000, burst: 1_000, export: 3, bulk: 5, search: 12, imports: 12 };
      const pending = late.check({ keyId: 'late', limits, group: undefined, now: Date.now(), cost: 1 });
      // Once the check has left (at the end of the turn with the tuning), this process stays off its
      // event loop for twice the timeout, as a starved process would: Redis runs the check at once,
      // well before its deadline, and its answer waits in the socket while the timeout expires.
      await new Promise((resolve) => setImmediate(resolve));
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 400);
      const timedOut = await pending.then(() => undefined, (err: unknown) => err);
      expect(timedOut).toBeInstanceOf(RedisTimeoutError);
      // Its timeout fired about 200 ms after it was due: the process was late, which the breaker
      // does not take for a frozen Redis (circuit-breaker.test.ts).
      expect((timedOut as RedisTimeoutError).lateMs).toBeGreaterThan(100);
      expect((timedOut as RedisTimeoutError).processWasLate).toBe(true);
      // The answer then arrives: Redis had counted the request, which the caller counted locally.
      // It is given back, so that Redis's count holds only the requests it answered in time.
      const counted = async () => Number((await late.redis.hget(`${prefix}rl:{late}:window:hourly`, 's')) ?? 0);
      const deadline = Date.now() + 2_000;
      while ((await counted()) !== 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await counted()).toBe(0);
      // The give-back did not leave the window or bucket in a state that refuses or miscounts.
      const next = await late.check({ keyId: 'late', limits, group: undefined, now: Date.now(), cost: 1 });
      expect(next.hourly.remaining).toBe(999);
    } finally {
      await late.close();
    }
  });
});
