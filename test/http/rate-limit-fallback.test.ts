import { randomBytes } from 'node:crypto';
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlan } from '../../src/modules/accounts/accounts.service.js';
import { testDialects } from '../dialects.js';
import { setupApp, type TestApp } from '../harness.js';

/**
 * Redis unreachable: rate limits fail open to this process's own limits, the service keeps
 * answering (no request waits on a queued command), and /readyz and /metrics say so.
 */
async function customKey(t: TestApp, burst: number): Promise<string> {
  const { key, accountId } = await t.newKey({ plan: 'custom' });
  await setPlan(t.ctx, accountId, 'custom', { hourly_limit: 1000, burst_limit: burst });
  return key;
}

const statuses = async (t: TestApp, key: string, n: number) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await t.request({ url: '/api/v1/courses', key })).status);
  return out;
};

describe('rate limits with Redis on a dead port', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every connection attempt is refused.
    t = await setupApp(testDialects()[0]!, { config: { redisUrl: 'redis://127.0.0.1:1', redisPrefix: 'lectern-test-dead:' } });
  });
  afterAll(() => t.close());

  it('keeps answering with local limits, and /readyz and /metrics report it', async () => {
    const key = await customKey(t, 5);
    expect(await statuses(t, key, 6)).toEqual([200, 200, 200, 200, 200, 429]);
    const ready = await t.request({ url: '/readyz', key: null });
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'degraded', checks: { database: 'ok', redis: 'unreachable', rate_limits: 'local' } });
    const metrics = await t.request({ url: '/metrics', key: null });
    expect(metrics.text).toMatch(/^lectern_rate_limit_shared 0$/m);
    expect(Number(/^lectern_rate_limit_fallbacks_total (\d+)$/m.exec(metrics.text)?.[1])).toBeGreaterThanOrEqual(6);
  });
});

/** A TCP relay to the real Redis that the test can cut and restore, as a network failure would. */
class Relay {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: URL) {}

  async open(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(Number(this.target.port || 6379), this.target.hostname);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

// Skipped in the SQLite-only run (`npm test`, no TEST_REDIS_URL); .ci/run's PostgreSQL + Redis suite runs it.
describe.skipIf(!process.env.TEST_REDIS_URL)('rate limits when Redis goes away mid-run', () => {
  let t: TestApp;
  let relay: Relay;
  beforeAll(async () => {
    relay = new Relay(new URL(process.env.TEST_REDIS_URL!));
    await relay.open();
    t = await setupApp(testDialects()[0]!, {
      config: { redisUrl: `redis://127.0.0.1:${relay.port}`, redisPrefix: `lectern-test:${randomBytes(6).toString('hex')}:` },
    });
  });
  afterAll(async () => {
    await t.close();
    await relay.cut();
  });

  const readiness = async () => (await t.request({ url: '/readyz', key: null })).body;

  it('falls back to local limits while Redis is gone, and shares them again when it is back', async () => {
    const key = await customKey(t, 5);
    // The clock is stopped: no token comes back during the test.
    expect(await statuses(t, key, 3)).toEqual([200, 200, 200]);
    expect((await readiness()).checks).toEqual({ database: 'ok', redis: 'ok', rate_limits: 'shared' });

    await relay.cut();
    // Local limits start from this process's own count: a full bucket of 5.
    expect(await statuses(t, key, 6)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await readiness()).toEqual({ status: 'degraded', checks: { database: 'ok', redis: 'unreachable', rate_limits: 'local' } });

    await relay.open();
    for (let i = 0; i < 100 && (await readiness()).checks.redis !== 'ok'; i++) await new Promise((r) => setTimeout(r, 100));
    expect((await readiness()).status).toBe('ready');
    // Back on Redis, whose bucket still holds the 2 tokens left before the cut.
    expect(await statuses(t, key, 3)).toEqual([200, 200, 429]);
  });
});

/** A redis-server of the test's own, so that it can be frozen (SIGSTOP) without touching the shared one. */
async function startOwnRedis(): Promise<{ port: number; process: ChildProcess }> {
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => (socket.destroy(), resolve(true)));
      socket.on('error', () => resolve(false));
    });
    if (up) return { port, process: child };
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error('redis-server did not start');
}

// Skipped in the SQLite-only run (`npm test`, no TEST_REDIS_URL); .ci/run's PostgreSQL + Redis suite runs it.
describe.skipIf(!process.env.TEST_REDIS_URL)('rate limits when Redis hangs (its process stopped)', () => {
  let t: TestApp;
  let redis: { port: number; process: ChildProcess };
  beforeAll(async () => {
    redis = await startOwnRedis();
    t = await setupApp(testDialects()[0]!, {
      config: { redisUrl: `redis://127.0.0.1:${redis.port}`, redisPrefix: 'lectern-test-hung:', redisTimeoutMs: 250 },
    });
  });
  afterAll(async () => {
    redis.process.kill('SIGCONT');
    await t.close();
    redis.process.kill('SIGKILL');
  });

  const readiness = async () => (await t.request({ url: '/readyz', key: null })).body;

  it('answers within the Redis timeout on local limits while Redis is frozen, and shares them again after', async () => {
    const key = await customKey(t, 5);
    expect(await statuses(t, key, 2)).toEqual([200, 200]);
    expect((await readiness()).checks.rate_limits).toBe('shared');

    redis.process.kill('SIGSTOP');
    const started = performance.now();
    // A frozen Redis keeps its connection open and never answers: each request waits at most the
    // timeout (250 ms), then the process's own bucket (5, full) decides.
    const frozen = await statuses(t, key, 6);
    const perRequest = (performance.now() - started) / 6;
    expect(frozen).toEqual([200, 200, 200, 200, 200, 429]);
    expect(perRequest).toBeLessThan(1_000);
    expect((await readiness()).checks).toEqual({ database: 'ok', redis: 'unreachable', rate_limits: 'local' });

    redis.process.kill('SIGCONT');
    for (let i = 0; i < 100 && (await readiness()).checks.redis !== 'ok'; i++) await new Promise((r) => setTimeout(r, 100));
    expect((await readiness()).status).toBe('ready');
    // Back on Redis. Its bucket held 3 tokens at the freeze; the checks written to the frozen
    // server are dropped by it when it resumes, past their deadline (those requests were decided
    // locally, never counted twice), so the shared budget still admits at most the 3 it had left.
    const after = await statuses(t, key, 4);
    expect(after.filter((s) => s === 200).length).toBeLessThanOrEqual(3);
    expect(after.at(-1)).toBe(429);
    expect((await readiness()).checks.rate_limits).toBe('shared');
  });
});
