import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import { AUTH_FAILURE_LIMIT, type Check, type Decision, type FailureCount } from './budgets.js';
import { CircuitBreaker } from './circuit-breaker.js';
import { LeaseStore } from './lease-store.js';
import { MemoryLimitStore } from './memory-store.js';
import { RedisLimitStore, RedisTimeoutError } from './redis-store.js';
import type { RuntimeTunings } from '../../runtime/tunings.js';

export interface RateLimiterOptions {
  /** REDIS_URL: budgets shared by every process; unset, they live in this process. */
  redisUrl: string | undefined;
  redisPrefix: string;
  redisTimeoutMs: number;
  /**
   * RATE_LIMIT_MODE, with Redis: `exact` asks Redis for every request; `leases` admits most
   * requests from small leases of each key's budgets taken from Redis (lease-store.ts).
   */
  mode?: RateLimitMode;
  clock: { now(): number };
  log: FastifyBaseLogger;
  /** RUNTIME_TUNING: whether the checks of one event-loop turn leave in one write (src/runtime/turn-cork.ts). */
  tunings: Pick<RuntimeTunings, 'holdWrites'>;
}

export type LimitBackend = 'memory' | 'redis';
export type RateLimitMode = 'exact' | 'leases';

/** While Redis fails, how often a check also asks it whether it is back (ms). */
export const REDIS_PROBE_INTERVAL_MS = 500;

/**
 * The one entry to rate limiting. With Redis, every check is one atomic script shared by all
 * processes (RATE_LIMIT_MODE=exact), or most requests spend from a small lease of the key's
 * budgets that this process took from Redis (RATE_LIMIT_MODE=leases, lease-store.ts); from the first check Redis fails (a lost connection, a timeout) until it answers again,
 * checks fail open to this process's own budgets at once (a circuit breaker: a frozen Redis costs
 * one timeout, not one per request), which is logged once, counted in /metrics and reported by
 * /readyz. A timeout that fired late because this process was busy opens it only when the next
 * check times out too (circuit-breaker.ts). Without Redis the memory store is exact for the one process.
 */
export class RateLimiter {
  readonly backend: LimitBackend;
  /** Checks answered by the local budgets because Redis could not (a /metrics counter). */
  fallbacks = 0;
  private readonly local: MemoryLimitStore;
  private readonly shared: RedisLimitStore | undefined;
  /** RATE_LIMIT_MODE=leases: this process's leases of keys' budgets in Redis. */
  private readonly leases: LeaseStore | undefined;
  /** Addresses known (here) to be blocked for failed authentications, until epoch ms. */
  private readonly blocked = new Map<string, number>();
  private readonly breaker: CircuitBreaker;
  private readonly log: FastifyBaseLogger;

  constructor(options: RateLimiterOptions) {
    this.log = options.log;
    this.local = new MemoryLimitStore(options.clock);
    this.backend = options.redisUrl ? 'redis' : 'memory';
    this.breaker = new CircuitBreaker({
      probeIntervalMs: REDIS_PROBE_INTERVAL_MS,
      onOpen: (err) => this.log.warn({ err: { message: err.message } }, "rate limits: Redis unreachable; using this process's own limits until it is back"),
      onClose: () => this.log.info('rate limits: Redis is back; limits are shared again'),
    });
    if (options.redisUrl) {
      const shared = new RedisLimitStore({ url: options.redisUrl, prefix: options.redisPrefix, commandTimeoutMs: options.redisTimeoutMs, tunings: options.tunings });
      // A new connection: commands of the old one were failed by ioredis (or are dropped by Redis past their deadline).
      shared.redis.on('ready', () => this.breaker.close());
      // ioredis reports each failed reconnect; the breaker logs the first.
      shared.redis.on('error', (err: Error) => this.breaker.failed(this.breaker.period, err));
      this.shared = shared;
      this.leases = options.mode === 'leases' ? new LeaseStore(shared, options.clock) : undefined;
    }
  }

  /**
   * Waits (at most `timeoutMs`) for Redis to answer, so that a starting process limits with the
   * others from its first request; past the wait, it starts on local limits.
   */
  async connect(timeoutMs: number): Promise<void> {
    const shared = this.shared;
    if (!shared || shared.ready) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(finish, timeoutMs);
      function finish() {
        clearTimeout(timer);
        shared!.redis.off('ready', finish);
        resolve();
      }
      shared.redis.once('ready', finish);
    });
  }

  /** Whether shared limits are in force (always true without Redis). */
  get sharedUp(): boolean {
    return !this.shared || (this.shared.ready && this.breaker.closed);
  }

  async check(check: Check): Promise<Decision> {
    const shared = this.shared;
    if (!shared) return this.local.check(check);
    // A lease taken from Redis admits while it lasts, whatever Redis's state since: it was counted there.
    const spent = this.leases?.spend(check);
    if (spent) return spent;
    if (!shared.ready) return this.fallBack(check);
    const route = this.breaker.route();
    if (route === 'probe') {
      // The request does not wait for the probe: it is decided here, and the probe spends nothing.
      void this.ask(shared.check({ ...check, cost: 0 }));
      return this.fallBack(check);
    }
    if (route === 'local') return this.fallBack(check);
    const answer = await this.ask(this.leases ? this.leases.renew(check) : shared.check(check));
    return answer ? answer.value : this.fallBack(check);
  }

  /** Whether any address is blocked here (the hot path skips resolving the client address otherwise). */
  get blocking(): boolean {
    return this.blocked.size > 0;
  }

  /** Milliseconds the address must still wait after too many failed authentications (0: none). */
  blockedFor(address: string, now: number): number {
    const until = this.blocked.get(address);
    if (until === undefined) return 0;
    if (until > now) return until - now;
    this.blocked.delete(address);
    return 0;
  }

  /** Counts a failed authentication; the address is blocked once it reaches the limit. */
  async recordFailure(address: string, now: number): Promise<FailureCount> {
    const failures = await this.countFailure(address, now);
    if (failures.count >= AUTH_FAILURE_LIMIT) {
      if (this.blocked.size >= 100_000) this.blocked.clear();
      this.blocked.set(address, failures.resetAt);
    }
    return failures;
  }

  /** The address's failures with this one: in Redis when it answers, here otherwise. */
  private async countFailure(address: string, now: number): Promise<FailureCount> {
    const shared = this.shared;
    if (!shared || !shared.ready || !this.breaker.closed) return this.local.recordFailure(address, now);
    const answer = await this.ask(shared.recordFailure(address, now));
    return answer ? answer.value : this.local.recordFailure(address, now);
  }

  /** Gauges and counters of the limiter in the app's registry. */
  registerMetrics(registry: Registry): void {
    // prom-client calls collect() on the metric; these read the limiter.
    const sharedUp = () => this.sharedUp;
    const fallbacks = () => this.fallbacks;
    if (this.shared) {
      new Gauge({
        name: 'lectern_rate_limit_shared',
        help: 'Whether rate limits are shared through Redis (1) or local to this process because Redis is unreachable (0)',
        registers: [registry],
        collect() {
          this.set(sharedUp() ? 1 : 0);
        },
      });
    }
    new Counter({
      name: 'lectern_rate_limit_fallbacks_total',
      help: 'Rate-limit checks answered by local limits because Redis could not answer',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(fallbacks());
      },
    });
  }

  /** For /readyz: undefined without Redis, else whether it answers. */
  async redisHealth(): Promise<'ok' | 'unreachable' | undefined> {
    if (!this.shared) return undefined;
    // An answer closes the breaker as a probe's would: /readyz and the limits agree.
    return (await this.ask(this.shared.ping())) ? 'ok' : 'unreachable';
  }

  async close(): Promise<void> {
    await this.local.close();
    await this.leases?.close();
    await this.shared?.close();
  }

  private fallBack(check: Check): Decision {
    this.fallbacks++;
    return this.local.check(check);
  }

  /** Redis's answer, reported to the breaker; undefined when Redis failed (the breaker was told). */
  private async ask<T>(command: Promise<T>): Promise<{ value: T } | undefined> {
    const period = this.breaker.period;
    try {
      const value = await command;
      this.breaker.succeeded(period);
      return { value };
    } catch (err) {
      // A timeout while this process was itself late says nothing certain of Redis (circuit-breaker.ts).
      if (err instanceof RedisTimeoutError && err.processWasLate) this.breaker.failedWhileLate(period, err);
      else this.breaker.failed(period, err as Error);
      return undefined;
    }
  }
}
