import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { CircuitBreaker } from '../../src/modules/rate-limits/circuit-breaker.js';
import { RateLimiter } from '../../src/modules/rate-limits/rate-limiter.js';
import type { KeyLimits } from '../../src/modules/rate-limits/policies.js';
import { runTunings as tunings } from '../tuning.js';

function breaker() {
  let now = 0;
  const events: string[] = [];
  const subject = new CircuitBreaker({
    probeIntervalMs: 500,
    now: () => now,
    onOpen: (err) => events.push(`open: ${err.message}`),
    onClose: () => events.push('close'),
  });
  return { subject, events, advance: (ms: number) => (now += ms) };
}

describe('the rate limiter circuit breaker', () => {
  it('opens on the first failure, probes one at a time after the interval, and closes on a probe that succeeds', () => {
    const { subject, events, advance } = breaker();
    expect(subject.route()).toBe('shared');
    const before = subject.period;
    subject.failed(before, new Error('Command timed out'));
    expect(events).toEqual(['open: Command timed out']);
    // Checks sent before it opened time out afterwards: no second log, no new interval.
    subject.failed(before, new Error('Command timed out'));
    subject.succeeded(before);
    expect(subject.closed).toBe(false);
    expect(subject.route()).toBe('local');

    advance(499);
    expect(subject.route()).toBe('local');
    advance(1);
    expect(subject.route()).toBe('probe');
    const probe = subject.period;
    expect(subject.route()).toBe('local'); // one probe at a time
    subject.failed(probe, new Error('Command timed out'));
    expect(subject.route()).toBe('local');
    advance(500);
    expect(subject.route()).toBe('probe');
    subject.succeeded(subject.period);
    expect(subject.closed).toBe(true);
    expect(subject.route()).toBe('shared');
    expect(events).toEqual(['open: Command timed out', 'close']);
  });

  it('is closed by a new connection, and a failure of the old one does not reopen it', () => {
    const { subject, events } = breaker();
    const old = subject.period;
    subject.failed(old, new Error('connect ECONNREFUSED'));
    const during = subject.period;
    subject.close();
    subject.failed(during, new Error('Connection is closed.'));
    expect(subject.closed).toBe(true);
    expect(events).toEqual(['open: connect ECONNREFUSED', 'close']);
  });

  it('stays closed on a timeout while this process was late, and opens on the next consecutive one', () => {
    const { subject, events } = breaker();
    const timeout = new Error('Redis did not answer within 250 ms');
    const before = subject.period;
    subject.failedWhileLate(before, timeout);
    // The other checks caught in the same delay count for nothing.
    subject.failedWhileLate(before, timeout);
    expect(subject.closed).toBe(true);
    expect(subject.route()).toBe('shared');
    // An answer to a check sent since ends the suspicion: the next late timeout is a first one again.
    subject.succeeded(subject.period);
    subject.failedWhileLate(subject.period, timeout);
    expect(subject.closed).toBe(true);
    expect(events).toEqual([]);
    // A check sent after that timeout times out as well, late or not: Redis is the one not answering.
    subject.failedWhileLate(subject.period, timeout);
    expect(subject.closed).toBe(false);
    expect(events).toEqual(['open: Redis did not answer within 250 ms']);
  });
});

/**
 * The limiter against a Redis that accepts connections, answers the client's ready check, and
 * then answers nothing (as a frozen Redis whose socket still takes writes): every check times out.
 */
describe('the rate limiter on a Redis that stops answering', () => {
  // Long enough that a loaded machine's scheduling (tens of ms) stays within a timeout's on-time margin (lateTimerMs: 50 ms).
  const TIMEOUT_MS = 500;
  const limits: KeyLimits = { hourly: 1_000, burst: 1_000, export: 3, bulk: 5, search: 12, imports: 12 };
  let server: net.Server | undefined;
  let limiter: RateLimiter | undefined;
  afterEach(async () => {
    await limiter?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  async function silentRedis() {
    const sockets = new Set<net.Socket>();
    let silent = false;
    server = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('data', (chunk) => {
        // ioredis's handshake (CLIENT SETINFO, its ready check INFO) is answered; nothing after it.
        if (silent) return;
        for (const [, command] of chunk.toString().matchAll(/\*\d+\r\n\$\d+\r\n(\w+)/g)) {
          socket.write(command!.toLowerCase() === 'info' ? '$11\r\nloading:0\r\n\r\n' : '+OK\r\n');
        }
      });
    });
    server.on('close', () => sockets.forEach((s) => s.destroy()));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const logged: string[] = [];
    const log = { warn: (_: unknown, msg: string) => logged.push(msg), info: (msg: string) => logged.push(msg) } as unknown as FastifyBaseLogger;
    limiter = new RateLimiter({ redisUrl: `redis://127.0.0.1:${port}`, redisPrefix: 'lectern-test:', redisTimeoutMs: TIMEOUT_MS, clock: { now: () => Date.now() }, log, tunings });
    await limiter.connect(5_000);
    expect(limiter.sharedUp).toBe(true);
    silent = true;
    return { limiter, logged, check: () => limiter!.check({ keyId: 'k', limits, group: undefined, now: Date.now(), cost: 1 }) };
  }

  /** Keeps this process off its event loop for `ms`, as a process busy with other work (or off the CPU) is. */
  function block(ms: number): void {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  }

  it('opens on a single timeout when the event loop was on time', async () => {
    const { limiter, logged, check } = await silentRedis();
    const decision = await check(); // decided here after the timeout
    expect(decision.allowed).toBe(true);
    expect(limiter.sharedUp).toBe(false);
    expect(limiter.fallbacks).toBe(1);
    expect(logged).toEqual(["rate limits: Redis unreachable; using this process's own limits until it is back"]);
  });

  it('stays shared after timeouts of one delay of the event loop, and opens on the next consecutive timeout', async () => {
    const { limiter, logged, check } = await silentRedis();
    // Two checks in flight while the process is kept busy past their timeout: both time out late.
    const pending = [check(), check()];
    await new Promise((resolve) => setImmediate(resolve));
    block(TIMEOUT_MS * 2);
    expect((await Promise.all(pending)).map((d) => d.allowed)).toEqual([true, true]);
    expect(limiter.fallbacks).toBe(2);
    expect(limiter.sharedUp).toBe(true);
    expect(logged).toEqual([]);
    // The next check, on an idle event loop, times out too: Redis itself is not answering.
    await check();
    expect(limiter.sharedUp).toBe(false);
    expect(limiter.fallbacks).toBe(3);
    expect(logged).toEqual(["rate limits: Redis unreachable; using this process's own limits until it is back"]);
  });
});
