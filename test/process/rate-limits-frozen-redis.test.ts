import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { freshDatabaseEnv } from '../harness.js';
import { runCli, type RunningServer, startServer } from './spawn.js';

/**
 * A Redis that hangs under load (its process stopped, as a frozen VM would be): after the first
 * check that times out, the server decides on its own limits at once (docs/rate-limits.md), so
 * requests cost what they cost with memory limits; when Redis resumes, the checks that timed out
 * are not applied by it as well (they were counted here).
 *
 * The test freezes a redis-server of its own (SIGSTOP), never the one of TEST_REDIS_URL.
 */
const hasRedisServer = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
const CLIENTS = 16;
const TIMEOUT_MS = 500;
const PREFIX = 'lectern-frozen:';

interface Sample {
  startedAt: number;
  ms: number;
  status: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startRedis(): Promise<{ port: number; process: ChildProcess; exited: Promise<unknown> }> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'], {
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => (socket.destroy(), resolve(true)));
      socket.on('error', () => resolve(false));
    });
    if (up) return { port, process: child, exited };
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error('redis-server did not start');
}

/** An account with limits far above the load and a key on it: its id (for Redis's keys) and secret. */
function roomyKey(env: Record<string, string>, name: string): { id: string; key: string } {
  const account = runCli(['account', 'create', '--name', name, '--plan', 'custom', '--json'], env);
  expect(account.status, account.stderr).toBe(0);
  const { id } = JSON.parse(account.stdout) as { id: string };
  const plan = runCli(['account', 'set-plan', id, '--plan', 'custom', '--hourly', '10000000', '--burst', '10000000', '--json'], env);
  expect(plan.status, plan.stderr).toBe(0);
  const created = runCli(['key', 'create', '--account', id, '--env', 'production', '--name', name, '--json'], env);
  expect(created.status, created.stderr).toBe(0);
  return JSON.parse(created.stdout) as { id: string; key: string };
}

/**
 * CLIENTS keep-alive clients, each sending its next request when the last is answered, until
 * `until()` says stop; every request's start (ms on performance.now()), duration and status.
 */
async function load(server: RunningServer, key: string, until: () => boolean): Promise<Sample[]> {
  const url = new URL('/api/v1/courses?per_page=1', server.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const samples: Sample[] = [];
  const one = () =>
    new Promise<Sample>((resolve, reject) => {
      const startedAt = performance.now();
      const request = http.get(url, { agent, headers: { authorization: `Bearer ${key}` } }, (response) => {
        response.resume();
        response.on('end', () => resolve({ startedAt, ms: performance.now() - startedAt, status: response.statusCode ?? 0 }));
      });
      request.on('error', reject);
    });
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (!until()) samples.push(await one());
    }),
  );
  agent.destroy();
  return samples;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const summary = (samples: Sample[]) => {
  const ms = samples.map((s) => s.ms);
  return `${samples.length} requests, p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ${percentile(ms, 99).toFixed(1)} ms`;
};

async function metric(server: RunningServer, name: string): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? NaN);
}

/** Polls `condition` until it holds; fails with `what` after `ms`. */
async function waitFor(what: string, condition: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

// Skipped only where no redis-server binary exists to start (and freeze) a Redis of its own; .ci/run starts Redis, so it runs there.
describe.skipIf(!hasRedisServer)('rate limits while Redis is frozen under load', () => {
  let drop: () => Promise<void>;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let client: Redis;
  let memoryServer: RunningServer;
  let redisServer: RunningServer;
  let baselineKey: { id: string; key: string };
  let sharedKey: { id: string; key: string };

  beforeAll(async () => {
    let env: Record<string, string>;
    ({ env, drop } = await freshDatabaseEnv(testDialects()[0]!));
    baselineKey = roomyKey(env, 'Baseline School');
    sharedKey = roomyKey(env, 'Shared School');
    redis = await startRedis();
    client = new Redis(redis.port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 1 });
    await client.connect();
    // One after the other: a loaded machine must not make either miss spawn.ts's deadline.
    memoryServer = await startServer(env);
    redisServer = await startServer({ ...env, REDIS_URL: `redis://127.0.0.1:${redis.port}`, REDIS_PREFIX: PREFIX, REDIS_TIMEOUT_MS: String(TIMEOUT_MS) });
  }, 120_000);
  afterAll(async () => {
    redis?.process.kill('SIGCONT');
    for (const server of [memoryServer, redisServer]) server?.process.kill('SIGKILL');
    await Promise.all([memoryServer?.exited, redisServer?.exited]);
    client?.disconnect();
    redis?.process.kill('SIGKILL');
    await redis?.exited;
    await drop?.();
  }, 60_000);

  it('decides on local limits at once after the first timeout, and counts no check twice when Redis resumes', { timeout: 60_000 }, async () => {
    await waitFor('limits shared through Redis', async () => (await metric(redisServer, 'lectern_rate_limit_shared')) === 1);
    // Warm both servers (connections, statements, JIT) before measuring.
    const warmEnd = performance.now() + 500;
    const [, warm] = await Promise.all([
      load(memoryServer, baselineKey.key, () => performance.now() > warmEnd),
      load(redisServer, sharedKey.key, () => performance.now() > warmEnd),
    ]);

    // The memory-limited server is loaded at the same time, on the same machine: its requests of the
    // same moments are the baseline, whatever else the machine does meanwhile.
    let stop = false;
    const memoryRun = load(memoryServer, baselineKey.key, () => stop);
    const redisRun = load(redisServer, sharedKey.key, () => stop);
    await new Promise((r) => setTimeout(r, 1_000));
    const frozenAt = performance.now();
    redis.process.kill('SIGSTOP');
    await waitFor('the limiter to go local', async () => (await metric(redisServer, 'lectern_rate_limit_shared')) === 0);
    const localFrom = performance.now();
    await new Promise((r) => setTimeout(r, 3_000)); // the load goes on through 3 s of freeze
    const resumedAt = performance.now();
    redis.process.kill('SIGCONT');
    await waitFor('limits shared again', async () => (await metric(redisServer, 'lectern_rate_limit_shared')) === 1);
    stop = true;
    const [memory, run] = await Promise.all([memoryRun, redisRun]);

    expect([...memory, ...run].every((s) => s.status === 200), 'every request is admitted (limits far above the load)').toBe(true);
    const between = (samples: Sample[], from: number, to: number) => samples.filter((s) => s.startedAt >= from && s.startedAt + s.ms <= to);
    const baseline = between(memory, localFrom, resumedAt);
    const frozen = between(run, localFrom, resumedAt);
    console.log(
      [
        `before the freeze: memory limits ${summary(between(memory, 0, frozenAt))}; Redis ${summary(between(run, 0, frozenAt))}`,
        `Redis frozen, before the limiter went local (${(localFrom - frozenAt).toFixed(0)} ms): ${summary(run.filter((s) => s.startedAt >= frozenAt && s.startedAt < localFrom))}`,
        `Redis frozen, limiter local: memory limits ${summary(baseline)}; Redis ${summary(frozen)}`,
      ].join('\n'),
    );
    // Every check was answered either by Redis (and counted there) or here (a fallback): Redis's
    // count of the key is the requests it answered, not one more for a check that timed out and
    // ran when Redis resumed. Those ran before any later command of the connection, so before the
    // limiter's probe that found Redis back.
    const fallbacks = await metric(redisServer, 'lectern_rate_limit_fallbacks_total');
    const admitted = warm.length + run.length;
    const counted = Number(await client.hget(`${PREFIX}rl:{${sharedKey.id}}:window:hourly`, 's'));
    console.log(`admitted ${admitted}, fallbacks ${fallbacks}, counted by Redis ${counted} (extra ${counted - (admitted - fallbacks)})`);
    // Once the limiter went local, no request of the freeze waits for the Redis timeout (500 ms
    // here), as each of them did before the breaker. (Not a latency comparison with the memory
    // server: on a loaded machine one stall of a few hundred ms can hit either server alone; the
    // p99s are in the log line above.)
    expect(frozen.length).toBeGreaterThan(50);
    const slowest = [...frozen].sort((a, b) => b.ms - a.ms).slice(0, 10);
    expect(
      slowest[0]!.ms,
      `slowest (ms after the limiter went local, ms): ${slowest.map((s) => `${(s.startedAt - localFrom).toFixed(0)}: ${s.ms.toFixed(0)}`).join(', ')}; memory p99 ${percentile(baseline.map((s) => s.ms), 99).toFixed(0)}`,
    ).toBeLessThan(TIMEOUT_MS);

    expect(fallbacks).toBeGreaterThan(0);
    expect(counted).toBe(admitted - fallbacks);

    // The breaker logs when it opens and when it closes, not once per request: hundreds of requests
    // were decided locally. (On a loaded machine a check sent just after Redis resumed can still time
    // out while Redis works through what was queued during the freeze, and the breaker opens and
    // closes once more: each time logged once.)
    const log = redisServer.stdout();
    const opened = (log.match(/rate limits: Redis unreachable/g) ?? []).length;
    const closed = (log.match(/rate limits: Redis is back/g) ?? []).length;
    expect(opened).toBeGreaterThanOrEqual(1);
    expect(opened).toBeLessThanOrEqual(3);
    expect(closed === opened || closed === opened - 1, `opened ${opened}, closed ${closed}`).toBe(true);
  });
});
