import type { Budget, Check, Decision } from './budgets.js';
import { type EndpointGroup, endpointGroups, type KeyLimits } from './policies.js';
import type { RedisLimitStore } from './redis-store.js';

/** How long a lease may be spent from; what is left then goes back to Redis. */
export const LEASE_MS = 1_000;
/** The most requests one lease holds. */
export const MAX_LEASE = 100;
/** A lease holds at most 1/LEASE_DIVISOR of the smallest budget that applies to the request. */
export const LEASE_DIVISOR = 100;

/**
 * The requests one lease takes for a key and route: 1% of the smallest budget in force (burst,
 * hourly, the route's group), at most MAX_LEASE, at least 1 (which is the exact check again).
 */
export function leaseSize(limits: KeyLimits, group: EndpointGroup | undefined): number {
  const smallest = Math.min(limits.burst, limits.hourly, group ? limits[group] : Infinity);
  return Math.max(1, Math.min(MAX_LEASE, Math.floor(smallest / LEASE_DIVISOR)));
}

interface Lease {
  keyId: string;
  group: EndpointGroup | undefined;
  /** The key's limits when it was taken: other figures (a plan change) end the lease. */
  limits: KeyLimits;
  takenAt: number;
  /** Requests of the lease not yet spent. */
  left: number;
  /** Redis's answer to the lease: the budgets with all of the lease spent. */
  granted: Decision;
}

/**
 * RATE_LIMIT_MODE=leases: a process takes a small lease of a key's budgets from Redis (one script
 * call spends `leaseSize` requests at once, or none) and admits the key's next requests from it
 * without asking Redis, for at most LEASE_MS; what it did not spend then goes back. So:
 *
 * - Never more than a limit: every admitted request was counted in Redis before it was admitted,
 *   by its lease. A request is counted in the minute its lease was taken, at most LEASE_MS before
 *   it was made (its minute of the hourly window may end up to that much early).
 * - Refused early by at most what other processes hold unspent: with P processes a key can be
 *   refused while up to (P − 1) leases (each ≤ 1% of the budget, ≤ MAX_LEASE) sit unspent in the
 *   others, for at most LEASE_MS, after which they go back. A budget with less than a lease left
 *   is checked request by request, exactly as RATE_LIMIT_MODE=exact does.
 * - Headers: remaining is Redis's figure when the lease was taken (≤ LEASE_MS ago) plus the lease's
 *   unspent requests: it omits what other processes admitted since (at most their leases of that
 *   LEASE_MS) and counts other processes' unspent leases as spent.
 *
 * One renewal per key and route at a time in this process: requests arriving meanwhile wait for it
 * and spend from it.
 */
export class LeaseStore {
  private readonly leases = new Map<string, Lease>();
  private readonly renewals = new Map<string, Promise<unknown>>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly shared: RedisLimitStore,
    private readonly clock: { now(): number },
  ) {
    this.sweeper = setInterval(() => this.sweep(), LEASE_MS);
    this.sweeper.unref();
  }

  /** The decision for a request spent from a lease of this process, synchronously; undefined when none can serve it. */
  spend(check: Check): Decision | undefined {
    if (check.cost === 0) return undefined;
    const lease = this.leases.get(leaseId(check.keyId, check.group));
    if (!lease || lease.left === 0 || !current(lease, check)) return undefined;
    lease.left--;
    return leased(lease);
  }

  /**
   * A request no lease could serve: takes a new lease (giving back what is left of an ended one),
   * or, when the budget has less than a lease left, checks the request alone in Redis. A look at
   * the budgets (cost 0) asks Redis and adds this process's unspent lease to what remains.
   */
  async renew(check: Check): Promise<Decision> {
    const id = leaseId(check.keyId, check.group);
    if (check.cost === 0) return this.look(check);
    for (let pending = this.renewals.get(id); pending; pending = this.renewals.get(id)) {
      await pending.catch(() => {});
      const spent = this.spend(check);
      if (spent) return spent;
    }
    const ended = this.leases.get(id);
    if (ended) {
      this.leases.delete(id);
      this.giveBack(ended);
    }
    const size = leaseSize(check.limits, check.group);
    const taking = this.shared.take(check, size);
    this.renewals.set(id, taking);
    let granted: Decision;
    try {
      granted = await taking;
    } finally {
      this.renewals.delete(id);
    }
    if (granted.allowed) {
      const lease: Lease = { keyId: check.keyId, group: check.group, limits: check.limits, takenAt: check.now, left: size - 1, granted };
      this.leases.set(id, lease);
      return leased(lease);
    }
    // Less than a lease left (or nothing): this request alone, exactly.
    return size === 1 ? granted : this.shared.check(check);
  }

  /**
   * A look at the budgets: Redis's figures plus what this process's leases of the key hold unspent
   * (every lease of the key for the quota and the bucket, the group's own for its window).
   */
  private async look(check: Check): Promise<Decision> {
    const decision = await this.shared.check(check);
    let key = 0;
    let group = 0;
    for (const other of [undefined, ...endpointGroups]) {
      const lease = this.leases.get(leaseId(check.keyId, other));
      if (!lease || !current(lease, check)) continue;
      key += lease.left;
      if (other === check.group) group += lease.left;
    }
    const more = (budget: Budget, unspent: number): Budget => ({ ...budget, remaining: Math.min(budget.limit, budget.remaining + unspent) });
    return {
      ...decision,
      hourly: more(decision.hourly, key),
      burst: more(decision.burst, key),
      endpoint: decision.endpoint ? more(decision.endpoint, group) : undefined,
    };
  }

  /** Gives back every lease (the process is closing), waiting for Redis's answers. */
  async close(): Promise<void> {
    clearInterval(this.sweeper);
    const leases = [...this.leases.values()];
    this.leases.clear();
    await Promise.allSettled(leases.filter((lease) => lease.left > 0).map((lease) => this.shared.giveBack(lease, lease.takenAt, lease.left)));
  }

  /** Ends the leases past LEASE_MS, giving back what they did not spend. */
  sweep(): void {
    const now = this.clock.now();
    for (const [id, lease] of this.leases) {
      if (now - lease.takenAt < LEASE_MS && now >= lease.takenAt) continue;
      this.leases.delete(id);
      this.giveBack(lease);
    }
  }

  private giveBack(lease: Lease): void {
    // A give-back that fails (Redis unreachable) leaves the requests counted until their minute ends.
    if (lease.left > 0) void this.shared.giveBack(lease, lease.takenAt, lease.left).catch(() => {});
  }
}

function leaseId(keyId: string, group: EndpointGroup | undefined): string {
  return group ? `${keyId} ${group}` : keyId;
}

/** Whether the lease still serves requests of this check: same limits, within LEASE_MS of its taking. */
function current(lease: Lease, check: Check): boolean {
  return sameLimits(lease.limits, check.limits) && check.now >= lease.takenAt && check.now - lease.takenAt < LEASE_MS;
}

/**
 * Compared by value: a key row read again (the key cache dropped, or not in use) brings a new limits
 * object with the same figures, which must not end the lease; a plan change brings other figures.
 */
function sameLimits(a: KeyLimits, b: KeyLimits): boolean {
  return a === b || (a.hourly === b.hourly && a.burst === b.burst && a.export === b.export && a.bulk === b.bulk && a.search === b.search && a.imports === b.imports);
}

/** The decision of a request admitted from a lease: Redis's budgets at the lease plus what it has left. */
function leased(lease: Lease): Decision {
  return withUnspent(lease.granted, lease.left, true);
}

function withUnspent(decision: Decision, unspent: number, allowed = decision.allowed): Decision {
  const more = (budget: Budget): Budget => ({ limit: budget.limit, remaining: Math.min(budget.limit, budget.remaining + unspent), resetAt: budget.resetAt });
  return {
    allowed,
    retryAfterMs: allowed ? 0 : decision.retryAfterMs,
    exceeded: allowed ? undefined : decision.exceeded,
    hourly: more(decision.hourly),
    burst: more(decision.burst),
    endpoint: decision.endpoint ? more(decision.endpoint) : undefined,
  };
}
