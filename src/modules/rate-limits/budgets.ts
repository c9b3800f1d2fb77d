import type { EndpointGroup, KeyLimits } from './policies.js';

/**
 * The shared vocabulary of both limit stores (memory and Redis), which answer the same check with
 * the same arithmetic; `memory-store.ts` and the Lua script in `redis-store.ts` mirror each other.
 *
 * - Burst: a token bucket of `burst` tokens refilled at `burst` per minute. Tokens are counted in
 *   units of 1/60,000 so that refilling by the millisecond stays in exact integers.
 * - Hourly windows slide minute by minute: a request counts in the minute it was made and the 60
 *   minutes after it, so it stops counting between 60 and 61 minutes after it was made. Any 60
 *   minutes therefore hold at most the limit, and no hour boundary ever doubles the quota.
 * - Failed authentications are counted per client address in a fixed minute from the first one;
 *   they throttle only further failures of the address, never a key's checks (auth.ts).
 */
export const MINUTE_MS = 60_000;
export const WINDOW_BUCKET_MS = 60_000;
/** Buckets before the current one that still count. */
export const WINDOW_SPAN = 60;
/** A window's bucket `b` stops counting at this instant. */
export const bucketExpiry = (bucket: number): number => (bucket + WINDOW_SPAN + 1) * WINDOW_BUCKET_MS;
/** How long a window's state must be kept after its last request. */
export const WINDOW_TTL_MS = (WINDOW_SPAN + 2) * WINDOW_BUCKET_MS;

export const AUTH_FAILURE_LIMIT = 20;
export const AUTH_FAILURE_WINDOW_MS = 60_000;

/** One request (or one look, at cost 0) against a key's budgets. */
export interface Check {
  keyId: string;
  limits: KeyLimits;
  /** The route's endpoint group, whose own window also applies. */
  group: EndpointGroup | undefined;
  now: number;
  /** 1 spends a request; 0 only reads the budgets (GET /rate-limits). */
  cost: 0 | 1;
}

export interface Budget {
  limit: number;
  remaining: number;
  /** Epoch ms: for a window, when its oldest counted request stops counting; for the bucket, when it is full. */
  resetAt: number;
}

/** A window's budget from its count and its oldest counted minute (undefined: none counted). */
export function windowBudget(limit: number, total: number, oldest: number | undefined, now: number): Budget {
  return { limit, remaining: Math.max(0, limit - total), resetAt: oldest === undefined ? now : bucketExpiry(oldest) };
}

/** A bucket's budget from its units (1/60,000 token). */
export function bucketBudget(capacity: number, units: number, now: number): Budget {
  return { limit: capacity, remaining: Math.floor(units / MINUTE_MS), resetAt: now + Math.ceil((capacity * MINUTE_MS - units) / capacity) };
}

/** Which budget refused a request. */
export type Exceeded = 'burst' | 'hourly' | EndpointGroup;

export interface Decision {
  allowed: boolean;
  /** When refused: milliseconds after which the same request would be admitted, if nothing else spends. */
  retryAfterMs: number;
  exceeded: Exceeded | undefined;
  hourly: Budget;
  burst: Budget;
  endpoint: Budget | undefined;
}

export interface FailureCount {
  /** Failures of the address in its current minute, this one included. */
  count: number;
  /** Epoch ms when that minute ends. */
  resetAt: number;
}

/** Where budgets live: this process's memory, or Redis shared by every process. */
export interface LimitStore {
  check(check: Check): Decision | Promise<Decision>;
  recordFailure(address: string, now: number): FailureCount | Promise<FailureCount>;
  close(): Promise<void>;
}
