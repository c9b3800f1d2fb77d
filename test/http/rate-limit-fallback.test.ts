import { randomBytes } from 'node:crypto';
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
