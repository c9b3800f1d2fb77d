import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabaseEnv } from '../harness.js';
import { accountWithKey, type RunningServer, startServer } from './spawn.js';

/**
 * RATE_LIMIT_MODE=leases (docs/rate-limits.md, "Exact or leases"): three server processes on one
 * PostgreSQL database and one Redis, each admitting from leases of the key's budget. Together they
 * never admit more than the limit; what they refuse early is bounded by the leases they hold
 * (at most one each, of 1% of the budget), and once the leases are given back the key gets exactly
 * its limit.
 */
const scaleOut = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const HOURLY = 300;
/** leaseSize(): 1% of the smallest budget (the hourly one here). */
const LEASE = 3;
const PROCESSES = 3;

// Skipped in the SQLite-only run (`npm test`): it needs PostgreSQL and Redis; .ci/run's PostgreSQL + Redis suite runs it.
describe.skipIf(!scaleOut)('rate-limit leases across 3 processes on PostgreSQL + Redis', () => {
  let drop: () => Promise<void>;
  let servers: RunningServer[] = [];
  let key: string;

  beforeAll(async () => {
    let env: Record<string, string>;
    ({ env, drop } = await freshDatabaseEnv('postgres'));
    // The hourly quota binds (the burst is far above it).
    ({ key } = accountWithKey(env, { name: 'Lease School', hourly: HOURLY, burst: 100_000 }));
    // A longer Redis timeout keeps a loaded machine from opening the circuit breaker (see
    // rate-limits-across-processes.test.ts): this measures the leases with a healthy Redis.
    const shared = {
      ...env,
      REDIS_URL: process.env.TEST_REDIS_URL!,
      REDIS_PREFIX: `lectern-test:${randomBytes(6).toString('hex')}:`,
      REDIS_TIMEOUT_MS: '2000',
      RATE_LIMIT_MODE: 'leases',
    };
    servers = await Promise.all(Array.from({ length: PROCESSES }, () => startServer(shared)));
    for (const server of servers) {
      for (let i = 0; i < 100; i++) {
        const ready = (await (await fetch(`${server.url}/readyz`)).json()) as { checks?: Record<string, string> };
        if (ready.checks?.rate_limits === 'shared') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });
  afterAll(async () => {
    for (const server of servers) server.process.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await drop?.();
  });

  const get = (server: RunningServer) =>
    fetch(`${server.url}/api/v1/courses?per_page=1`, { headers: { authorization: `Bearer ${key}` } }).then(async (r) => {
      await r.arrayBuffer();
      return { status: r.status, remaining: Number(r.headers.get('x-ratelimit-remaining')), limit: r.headers.get('x-ratelimit-limit') };
    });
  /** What Redis counts as used (a look at the budgets: free), as every process reports it. */
  const used = async () =>
    Promise.all(
      servers.map(async (server) => {
        const look = await fetch(`${server.url}/api/v1/rate-limits`, { headers: { authorization: `Bearer ${key}` } });
        return ((await look.json()) as { data: { hourly: { used: number } } }).data.hourly.used;
      }),
    );
  const fallbacks = async () =>
    Promise.all(servers.map(async (s) => Number(/^lectern_rate_limit_fallbacks_total (\d+)$/m.exec(await (await fetch(`${s.url}/metrics`)).text())?.[1] ?? 0)));

  /** Waits (up to 10 s) until every process reports `count` requests used: no lease unspent anywhere. */
  const untilUsed = async (count: number) => {
    for (let i = 0; ; i++) {
      const counts = await used();
      if (counts.every((c) => c === count)) return;
      expect(i, `used per process ${counts.join(', ')}, admitted ${count}`).toBeLessThan(100);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('never admits more than the limit, refuses early by at most the leases held, and gives the rest once they are back', async () => {
    // One request through each: each process takes a lease of LEASE and spends one of it. Redis
    // counts the leases whole; a process's look adds back its own unspent part, not the others'.
    for (const server of servers) expect((await get(server)).status).toBe(200);
    expect(await used()).toEqual(Array.from({ length: PROCESSES }, () => PROCESSES * LEASE - (LEASE - 1)));
    // Within a couple of seconds (LEASE_MS, then the sweep) the unspent parts are given back.
    await untilUsed(PROCESSES);

    // Twice the limit, fired at once through all three.
    const burst = await Promise.all(Array.from({ length: 2 * HOURLY }, (_, i) => get(servers[i % PROCESSES]!)));
    expect(await fallbacks(), 'every check was decided with Redis').toEqual([0, 0, 0]);
    const admitted = burst.filter((a) => a.status === 200);
    const refused = burst.filter((a) => a.status === 429);
    expect(admitted.length + refused.length).toBe(2 * HOURLY);
    // The bound: never more than the limit; short of it by no more than the leases the processes hold.
    expect(PROCESSES + admitted.length).toBeLessThanOrEqual(HOURLY);
    expect(PROCESSES + admitted.length).toBeGreaterThanOrEqual(HOURLY - PROCESSES * LEASE);
    // Headers stay within the limit, and a refusal shows nothing left.
    for (const answer of burst) expect(answer.limit).toBe(String(HOURLY));
    for (const answer of admitted) expect(answer.remaining).toBeGreaterThanOrEqual(0);
    for (const answer of admitted) expect(answer.remaining).toBeLessThan(HOURLY);
    for (const answer of refused) expect(answer.remaining).toBe(0);

    // Every unspent lease is given back: Redis then counts exactly what was admitted.
    await untilUsed(PROCESSES + admitted.length);
    // What was refused early is admitted now, one request at a time through one process, up to exactly the limit.
    let more = 0;
    for (;;) {
      const answer = await get(servers[0]!);
      if (answer.status === 429) break;
      expect(answer.status).toBe(200);
      more++;
      expect(more).toBeLessThanOrEqual(PROCESSES * LEASE);
    }
    expect(PROCESSES + admitted.length + more).toBe(HOURLY);
    for (const server of servers) expect((await get(server)).status).toBe(429);
  });
});
