import { toIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { rateLimited } from '../../shared/errors.js';
import * as failures from './sign-in-failures.repository.js';

/**
 * Per-account throttling of password guesses, beside the per-address limiter of the console's
 * routes: guesses spread over many addresses still meet this one. After LIMIT failures for one
 * email within WINDOW, whatever the addresses, password attempts for it answer 429 until the
 * oldest of them leaves the window (a sliding window: one attempt more as each ages out, so it
 * slows guessing without ever locking the owner out for good; a one-time link always signs in).
 * Emails that no user has count alike, so the answers do not tell which emails exist. Stored in
 * the database: it holds across processes and restarts.
 */
export const ACCOUNT_FAILURE_LIMIT = 20;
export const ACCOUNT_FAILURE_WINDOW_MS = 10 * 60_000;
/** How long failures are kept, and what owners see of them. */
export const FAILURE_RETENTION_MS = 24 * 3_600_000;

/** 429 when the email has had LIMIT failures within the window; nothing else is checked (no scrypt run) then. */
export async function assertNotThrottled(ctx: ServiceContext, email: string): Promise<void> {
  const now = ctx.clock.now();
  const times = await failures.recentFailureTimes(ctx.db, email, toIso(now - ACCOUNT_FAILURE_WINDOW_MS), ACCOUNT_FAILURE_LIMIT);
  if (times.length < ACCOUNT_FAILURE_LIMIT) return;
  const seconds = Math.max(1, Math.ceil((Date.parse(times[ACCOUNT_FAILURE_LIMIT - 1]!) + ACCOUNT_FAILURE_WINDOW_MS - now) / 1000));
  throw rateLimited(`Too many failed sign-ins for this account; retry in ${seconds} seconds, or sign in with a one-time link`, seconds, { limit: 'auth_failures' });
}

export async function recordFailure(ctx: ServiceContext, email: string, address: string): Promise<void> {
  await failures.insertSignInFailure(ctx.db, { email, address, at: toIso(ctx.clock.now()) });
}

/** Drops failures older than the retention: run with the other purges at sign-in. */
export async function purgeOldFailures(ctx: ServiceContext): Promise<void> {
  await failures.deleteSignInFailuresBefore(ctx.db, toIso(ctx.clock.now() - FAILURE_RETENTION_MS));
}
