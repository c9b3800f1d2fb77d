import type { FastifyReply } from 'fastify';
import { AppError, rateLimited } from '../../shared/errors.js';
import { AUTH_FAILURE_LIMIT, AUTH_FAILURE_WINDOW_MS, type Budget, type Decision, type FailureCount } from './budgets.js';
import type { EndpointGroup, KeyLimits } from './policies.js';

const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

// Keyed by the limits object, which the key cache keeps per key row (auth.ts): the field is built
// once per key and group, not keyed by a string built on every request.
const policies = new WeakMap<KeyLimits, Map<EndpointGroup | undefined, string>>();

/** `RateLimit-Policy` (IETF draft): every budget that applies to the route. */
function policyField(limits: KeyLimits, group: EndpointGroup | undefined): string {
  let byGroup = policies.get(limits);
  if (!byGroup) {
    byGroup = new Map();
    policies.set(limits, byGroup);
  }
  let field = byGroup.get(group);
  if (field === undefined) {
    field = `"hourly";q=${limits.hourly};w=3600, "burst";q=${limits.burst};w=60`;
    if (group) field += `, "${group}";q=${limits[group]};w=3600`;
    byGroup.set(group, field);
  }
  return field;
}

let lastReset = -1;
let lastResetText = '';

/** `X-RateLimit-Reset` in Unix seconds. It changes once a minute: its text is kept until it does. */
function resetSeconds(resetAt: number): string {
  const reset = Math.ceil(resetAt / 1000);
  if (reset !== lastReset) {
    lastReset = reset;
    lastResetText = String(reset);
  }
  return lastResetText;
}

const item = (name: string, budget: Budget, now: number) => `"${name}";r=${budget.remaining};t=${seconds(budget.resetAt - now)}`;

/**
 * The budget headers of every response to a recognised key: X-RateLimit-* for the hourly quota
 * (docs/rate-limits.md), and the IETF `RateLimit-Policy` / `RateLimit` fields for every budget in force.
 */
export function setBudgetHeaders(reply: FastifyReply, decision: Decision, limits: KeyLimits, group: EndpointGroup | undefined, now: number): void {
  let current = `${item('hourly', decision.hourly, now)}, ${item('burst', decision.burst, now)}`;
  if (group && decision.endpoint) current += `, ${item(group, decision.endpoint, now)}`;
  // Values go in as strings: Node checks every header value with a regular expression, which
  // takes a slower path for a number, and then turns the number into text a second time.
  reply
    .header('x-ratelimit-limit', String(decision.hourly.limit))
    .header('x-ratelimit-remaining', String(decision.hourly.remaining))
    .header('x-ratelimit-reset', resetSeconds(decision.hourly.resetAt))
    .header('ratelimit-policy', policyField(limits, group))
    .header('ratelimit', current);
}

const addressPolicy = `"auth_failures";q=${AUTH_FAILURE_LIMIT};w=${AUTH_FAILURE_WINDOW_MS / 1000}`;

/** A request without a recognised key has no key budget; it shows its address's failed-authentication budget. */
export function setAddressHeaders(reply: FastifyReply, failures: FailureCount, now: number): void {
  reply.headers({
    'ratelimit-policy': addressPolicy,
    ratelimit: `"auth_failures";r=${Math.max(0, AUTH_FAILURE_LIMIT - failures.count)};t=${seconds(failures.resetAt - now)}`,
  });
}

/** The 429 of a refused decision, naming the budget that refused it. */
export function limitExceeded(decision: Decision, limits: KeyLimits): AppError {
  const wait = Math.max(1, seconds(decision.retryAfterMs));
  const limit = decision.exceeded ?? 'hourly';
  switch (limit) {
    case 'burst':
      return rateLimited(`Rate limit exceeded: burst of ${limits.burst} requests per minute; retry in ${wait} seconds`, wait, { limit });
    case 'hourly':
      return rateLimited(`Rate limit exceeded: ${limits.hourly} requests per hour; retry in ${wait} seconds`, wait, { limit });
    default:
      return rateLimited(`Rate limit exceeded: ${limits[limit]} ${limit} requests per hour; retry in ${wait} seconds`, wait, { limit });
  }
}

/** The 429 of an address that failed to authenticate too often. */
export function addressBlocked(waitMs: number): AppError {
  const wait = Math.max(1, seconds(waitMs));
  return rateLimited(`Rate limit exceeded: too many failed authentications from this address; retry in ${wait} seconds`, wait, { limit: 'auth_failures' });
}
