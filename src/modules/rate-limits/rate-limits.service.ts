import type { Budget } from './budgets.js';
import { type EndpointGroup, endpointGroups, type KeyLimits } from './policies.js';
import type { RateLimiter } from './rate-limiter.js';

const unixSeconds = (ms: number) => Math.ceil(ms / 1000);

const windowOf = (budget: Budget) => ({
  limit: budget.limit,
  used: budget.limit - budget.remaining,
  remaining: budget.remaining,
  reset: unixSeconds(budget.resetAt),
  window_seconds: 3600,
});

/**
 * A key's budgets as GET /rate-limits shows them (docs/rate-limits.md), read without spending any:
 * one look (cost 0) per endpoint window, each of which also reads the quota and the bucket. The
 * console shows the same figures for any key of the workspace.
 */
export async function readBudgets(limiter: RateLimiter, keyId: string, limits: KeyLimits, now: number) {
  const looks = await Promise.all(endpointGroups.map((group) => limiter.check({ keyId, limits, group, now, cost: 0 })));
  const { hourly, burst } = looks[0]!;
  const endpoints = Object.fromEntries(endpointGroups.map((group, i) => [group, windowOf(looks[i]!.endpoint!)]));
  return {
    hourly: windowOf(hourly),
    burst: { limit: burst.limit, remaining: burst.remaining, reset: unixSeconds(burst.resetAt), refill_per_minute: limits.burst },
    endpoints: endpoints as Record<EndpointGroup, ReturnType<typeof windowOf>>,
  };
}
