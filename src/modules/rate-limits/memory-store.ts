import {
  AUTH_FAILURE_WINDOW_MS,
  bucketBudget,
  bucketExpiry,
  type Budget,
  type Check,
  type Decision,
  type Exceeded,
  type FailureCount,
  type LimitStore,
  MINUTE_MS,
  WINDOW_BUCKET_MS,
  WINDOW_SPAN,
  windowBudget,
} from './budgets.js';

/** Requests counted per minute over the last 61 minutes, oldest first. */
class SlidingWindow {
  readonly buckets: number[] = [];
  readonly counts: number[] = [];
  total = 0;

  /** Forgets the minutes that no longer count at `current`. */
  expire(current: number): void {
    while (this.buckets.length > 0 && this.buckets[0]! < current - WINDOW_SPAN) {
      this.buckets.shift();
      this.total -= this.counts.shift()!;
    }
  }

  /** Milliseconds until `cost` more requests fit under `limit` (0: they fit now). */
  waitFor(limit: number, cost: number, now: number): number {
    if (this.total + cost <= limit) return 0;
    let left = this.total;
    for (let i = 0; i < this.buckets.length; i++) {
      left -= this.counts[i]!;
      if (left + cost <= limit) return bucketExpiry(this.buckets[i]!) - now;
    }
    return bucketExpiry(Math.floor(now / WINDOW_BUCKET_MS)) - now; // a limit below the cost: never in this window
  }

  add(current: number): void {
    const last = this.buckets.length - 1;
    if (last >= 0 && this.buckets[last] === current) this.counts[last]!++;
    else {
      this.buckets.push(current);
      this.counts.push(1);
    }
    this.total++;
  }

  budget(limit: number, now: number): Budget {
    return windowBudget(limit, this.total, this.buckets[0], now);
  }

  get empty(): boolean {
    return this.total === 0;
  }
}

/**
 * A token bucket in units of 1/60,000 token: `capacity` tokens refill in one minute, exactly.
 * Like the Redis script, it stores its state only when a request spends: a check that spends
 * nothing computes the refill and leaves the bucket as it was, so that after a change of capacity
 * (a plan change) both stores go on alike.
 */
class TokenBucket {
  constructor(
    public units: number,
    public at: number,
  ) {}

  /** The units at `now` (at most a full bucket). */
  refilled(capacity: number, now: number): number {
    return Math.min(now > this.at ? this.units + (now - this.at) * capacity : this.units, capacity * MINUTE_MS);
  }

  /** Keeps `units` as the bucket's state at `now` (after a request spent from it). */
  store(units: number, now: number): void {
    this.units = units;
    this.at = Math.max(this.at, now);
  }
}

function bucketWait(units: number, capacity: number, cost: number): number {
  const need = cost * MINUTE_MS;
  return units >= need ? 0 : Math.ceil((need - units) / capacity);
}

interface KeyState {
  bucket: TokenBucket;
  hourly: SlidingWindow;
  groups: Map<string, SlidingWindow>;
}

/**
 * Budgets in this process's memory: exact for one process, synchronous, and the fallback while
 * Redis is unreachable. Same arithmetic as the Lua script of the Redis store.
 */
export class MemoryLimitStore implements LimitStore {
  private readonly keys = new Map<string, KeyState>();
  private readonly failures = new Map<string, FailureCount>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly clock: { now(): number }) {
    this.sweeper = setInterval(() => this.sweep(), MINUTE_MS);
    this.sweeper.unref();
  }

  check({ keyId, limits, group, now, cost }: Check): Decision {
    let state = this.keys.get(keyId);
    if (!state) {
      state = { bucket: new TokenBucket(limits.burst * MINUTE_MS, now), hourly: new SlidingWindow(), groups: new Map() };
      this.keys.set(keyId, state);
    }
    const current = Math.floor(now / WINDOW_BUCKET_MS);
    let units = state.bucket.refilled(limits.burst, now);
    state.hourly.expire(current);
    let groupWindow: SlidingWindow | undefined;
    if (group) {
      groupWindow = state.groups.get(group);
      if (!groupWindow) state.groups.set(group, (groupWindow = new SlidingWindow()));
      groupWindow.expire(current);
    }

    // The budget that asks for the longest wait is the one that refuses.
    let retryAfterMs = 0;
    let exceeded: Exceeded | undefined;
    const consider = (wait: number, name: Exceeded) => {
      if (wait > retryAfterMs) {
        retryAfterMs = wait;
        exceeded = name;
      }
    };
    consider(bucketWait(units, limits.burst, cost), 'burst');
    consider(state.hourly.waitFor(limits.hourly, cost, now), 'hourly');
    if (group && groupWindow) consider(groupWindow.waitFor(limits[group], cost, now), group);

    const allowed = exceeded === undefined;
    if (allowed && cost > 0) {
      units -= cost * MINUTE_MS;
      state.bucket.store(units, now);
      state.hourly.add(current);
      groupWindow?.add(current);
    }
    return {
      allowed,
      retryAfterMs,
      exceeded,
      hourly: state.hourly.budget(limits.hourly, now),
      burst: bucketBudget(limits.burst, units, now),
      endpoint: group && groupWindow ? groupWindow.budget(limits[group], now) : undefined,
    };
  }

  recordFailure(address: string, now: number): FailureCount {
    let entry = this.failures.get(address);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + AUTH_FAILURE_WINDOW_MS };
      this.failures.set(address, entry);
    }
    entry.count++;
    return { ...entry };
  }

  /** Drops the state that no longer limits anything: full buckets with empty windows, past minutes. */
  sweep(): void {
    const now = this.clock.now();
    const current = Math.floor(now / WINDOW_BUCKET_MS);
    for (const [keyId, state] of this.keys) {
      state.hourly.expire(current);
      let idle = state.hourly.empty;
      for (const window of state.groups.values()) {
        window.expire(current);
        idle &&= window.empty;
      }
      // A bucket refills fully within a minute of its last use; one minute idle is enough.
      if (idle && now - state.bucket.at >= MINUTE_MS) this.keys.delete(keyId);
    }
    for (const [address, entry] of this.failures) if (entry.resetAt <= now) this.failures.delete(address);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }
}
