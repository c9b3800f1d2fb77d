// The rate limiter's Lua script in Redis: Redis's own time per check (INFO commandstats), on a young
// window and on a key with traffic in every minute of the hour. The HTTP rows cannot show the
// second: a bench run lasts minutes, so its windows stay young.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { WINDOW_BUCKET_MS, WINDOW_SPAN } from '../src/modules/rate-limits/budgets.js';
import type { KeyLimits } from '../src/modules/rate-limits/policies.js';
import { RedisLimitStore } from '../src/modules/rate-limits/redis-store.js';
import { runtimeTunings } from '../src/runtime/tunings.js';

export interface LimitScriptResult {
  checks: number;
  /** µs of Redis's time per check (usec_per_call of evalsha over the checks). */
  young_window_us: number;
  full_hour_us: number;
}

const LIMITS: KeyLimits = { hourly: 1_000_000_000, burst: 1_000_000_000, export: 10, bulk: 10, search: 10, imports: 10 };

/** Redis's total usec and calls of EVALSHA so far (every client's). */
async function evalshaStats(admin: Redis): Promise<{ usec: number; calls: number }> {
  const line = (await admin.info('commandstats')).split('\n').find((l) => l.startsWith('cmdstat_evalsha:'));
  if (!line) return { usec: 0, calls: 0 };
  const field = (name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(line)?.[1] ?? 0);
  return { usec: field('usec'), calls: field('calls') };
}

export async function measureLimitScript(url: string, checks: number, log: (message: string) => void): Promise<LimitScriptResult> {
  const prefix = `lectern-bench-script:${randomBytes(6).toString('hex')}:`;
  // Redis's own time per check does not depend on how the checks are written: no tunings.
  const store = new RedisLimitStore({ url, prefix, commandTimeoutMs: 5_000, tunings: runtimeTunings(false) });
  const admin = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    await new Promise((resolve) => store.redis.once('ready', resolve));
    const now = Date.now();
    const check = (keyId: string, at: number) => store.check({ keyId, limits: LIMITS, group: undefined, now: at, cost: 1 });
    // A request in each of the window's minutes, then the checks in its last one.
    for (let minute = WINDOW_SPAN; minute > 0; minute--) await check('full', now - minute * WINDOW_BUCKET_MS);

    const measure = async (keyId: string): Promise<number> => {
      const before = await evalshaStats(admin);
      for (let done = 0; done < checks; done += 100) await Promise.all(Array.from({ length: 100 }, () => check(keyId, now)));
      const after = await evalshaStats(admin);
      return Math.round(((after.usec - before.usec) / (after.calls - before.calls)) * 100) / 100;
    };
    const result = { checks, young_window_us: await measure('young'), full_hour_us: await measure('full') };
    log(`Redis check script: ${result.young_window_us} µs a check on a young window, ${result.full_hour_us} µs on a full hour`);
    return result;
  } finally {
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    admin.disconnect();
    await store.close();
  }
}
