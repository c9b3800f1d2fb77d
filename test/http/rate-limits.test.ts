import { randomBytes } from 'node:crypto';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '../../src/db/types.js';
import { setPlan, type PlanLimits } from '../../src/modules/accounts/accounts.service.js';
import { responses } from '../../src/shared/schemas.js';
import { testDialects } from '../dialects.js';
import { setupApp, show, type TestApp, type TestResponse } from '../harness.js';

/**
 * Rate limits through HTTP with a stopped clock (ManualClock, 2026-11-21T12:00:00Z), on the memory
 * backend and, when TEST_REDIS_URL is set, on Redis: the same behaviour to the header.
 */
const backends = process.env.TEST_REDIS_URL ? (['memory', 'redis'] as const) : (['memory'] as const);
const START = Date.UTC(2026, 10, 21, 12, 0, 0);
const MINUTE = 60_000;
const unix = (ms: number) => Math.ceil(ms / 1000);

describe.each(backends)('rate limits [%s]', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp(testDialects()[0]!, {
      // These tests hold Redis's arithmetic to the memory store's. A burst of 500 requests in one turn
      // can keep this process past the default 250 ms Redis timeout on a loaded CI machine, and a
      // timed-out check is decided by the local fallback (tested in rate-limit-fallback.test.ts and
      // rate-limits-frozen-redis.test.ts), which CI saw once answer 200 where Redis would say 429.
      config: backend === 'redis' ? { redisUrl: process.env.TEST_REDIS_URL, redisPrefix: `lectern-test:${randomBytes(6).toString('hex')}:`, redisTimeoutMs: 5_000 } : {},
      // Test-only routes of the export and search groups: the windows are tested apart from the
      // features (test/http/search.test.ts checks that the real search routes spend the window).
      extend: (app) => {
        const schema = { response: responses({ 200: Type.Object({ ok: Type.Boolean() }) }) };
        app.get('/api/v1/test/export', { config: { scope: 'courses:read', rateLimit: 'export' }, schema, handler: async () => ({ ok: true }) });
        app.get('/api/v1/test/search', { config: { scope: 'courses:read', rateLimit: 'search' }, schema, handler: async () => ({ ok: true }) });
        // The quota tests send up to 10,000 requests: a route that reads nothing keeps their time
        // in authentication and the limiter, which they test, not in course listing.
        app.get('/api/v1/test/ping', { config: { scope: 'courses:read' }, schema, handler: async () => ({ ok: true }) });
      },
    });
  });
  afterAll(() => t.close());

  /** A key of a fresh account on the plan, with the account's own limits when given; the clock back at START. */
  const keyOn = async (plan: Plan, limits?: PlanLimits) => {
    t.clock.set(START);
    const created = await t.newKey({ plan });
    if (limits) await setPlan(t.ctx, created.accountId, plan, limits);
    return created.key;
  };
  /** A route that reads nothing but the key, for the long bursts. */
  const PING = '/api/v1/test/ping';
  const hit = (key: string, url = '/api/v1/courses?per_page=1') => t.request({ url, key });
  const header = (r: TestResponse, name: string) => r.headers[name] as string | undefined;
  /** Sends n requests; answers the statuses in order. */
  const burst = async (key: string, n: number, url?: string) => {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) statuses.push((await hit(key, url)).status);
    return statuses;
  };
  const expectAll = (statuses: number[], status: number) => expect(statuses.filter((s) => s !== status), `${statuses.length} × ${status}`).toEqual([]);

  it('sends exact budget headers on every answer, and none spent by GET /rate-limits', async () => {
    const key = await keyOn('professional');
    const first = await hit(key);
    expect(first.status, show(first)).toBe(200);
    expect(header(first, 'x-ratelimit-limit')).toBe('1000');
    expect(header(first, 'x-ratelimit-remaining')).toBe('999');
    // Counted in the minute 12:00, the request stops counting at 13:01:00.
    expect(header(first, 'x-ratelimit-reset')).toBe(String(unix(START + 61 * MINUTE)));
    expect(header(first, 'ratelimit-policy')).toBe('"hourly";q=1000;w=3600, "burst";q=100;w=60');
    // One token of 100 per minute refills in 0.6 s.
    expect(header(first, 'ratelimit')).toBe('"hourly";r=999;t=3660, "burst";r=99;t=1');
    expect(header(first, 'retry-after')).toBeUndefined();

    t.clock.advance(30_000);
    const second = await hit(key);
    expect(header(second, 'x-ratelimit-remaining')).toBe('998');
    expect(header(second, 'ratelimit')).toBe('"hourly";r=998;t=3630, "burst";r=99;t=1');

    for (let i = 0; i < 3; i++) {
      const look = await t.request({ url: '/api/v1/rate-limits', key });
      expect(look.status, show(look)).toBe(200);
      expect(header(look, 'x-ratelimit-remaining')).toBe('998');
      expect(look.body.data).toEqual({
        plan: 'professional',
        hourly: { limit: 1000, used: 2, remaining: 998, reset: unix(START + 61 * MINUTE), window_seconds: 3600 },
        // Refilled to 100 at 12:00:30, then one spent: full again 0.6 s later.
        burst: { limit: 100, remaining: 99, reset: unix(START + 30_600), refill_per_minute: 100 },
        endpoints: {
          export: { limit: 10, used: 0, remaining: 10, reset: unix(START + 30_000), window_seconds: 3600 },
          bulk: { limit: 20, used: 0, remaining: 20, reset: unix(START + 30_000), window_seconds: 3600 },
          search: { limit: 100, used: 0, remaining: 100, reset: unix(START + 30_000), window_seconds: 3600 },
          imports: { limit: 10, used: 0, remaining: 10, reset: unix(START + 30_000), window_seconds: 3600 },
        },
      });
    }
    // GET /rate-limits needs no scope: any valid key reads its own budgets.
    const narrow = await t.newKey({ accountId: (await t.newKey()).accountId, scopes: ['students:read'] });
    expect((await t.request({ url: '/api/v1/rate-limits', key: narrow.key })).status).toBe(200);
  });

  it('professional: a burst of exactly 100, then 429 with an honest Retry-After and the described body', async () => {
    const key = await keyOn('professional');
    expectAll(await burst(key, 100), 200);
    const refused = await hit(key);
    expect(refused.status).toBe(429);
    expect(header(refused, 'retry-after')).toBe('1');
    expect(header(refused, 'x-ratelimit-limit')).toBe('1000');
    expect(header(refused, 'x-ratelimit-remaining')).toBe('900');
    expect(header(refused, 'ratelimit')).toBe('"hourly";r=900;t=3660, "burst";r=0;t=60');
    expect(refused.body).toEqual({
      error: {
        code: 'rate_limit_exceeded',
        message: 'Rate limit exceeded: burst of 100 requests per minute; retry in 1 seconds',
        details: { limit: 'burst' },
        request_id: header(refused, 'x-request-id'),
        retry_after: 1,
      },
    });
    // A refused request spends nothing; waiting Retry-After is enough for one more.
    t.clock.advance(1000);
    expect((await hit(key)).status).toBe(200);
    expect((await hit(key)).status).toBe(429);
  });

  it('refills the bucket at 100 per minute', async () => {
    const key = await keyOn('professional');
    expectAll(await burst(key, 100), 200);
    t.clock.advance(30_000);
    expectAll(await burst(key, 50), 200);
    expect((await hit(key)).status).toBe(429);
    t.clock.advance(60_000);
    expectAll(await burst(key, 100), 200);
    expect((await hit(key)).status).toBe(429);
  });

  it('binds the hourly quota under a sustained rate below the burst, and frees it minute by minute', async () => {
    const key = await keyOn('professional');
    for (let minute = 0; minute < 20; minute++) {
      expectAll(await burst(key, 50), 200);
      t.clock.advance(MINUTE);
    }
    // 12:20:00: 1,000 requests in 20 minutes, the bucket is full, the quota is spent.
    const refused = await hit(key);
    expect(refused.status, show(refused)).toBe(429);
    expect(refused.body.error.details).toEqual({ limit: 'hourly' });
    expect(header(refused, 'x-ratelimit-remaining')).toBe('0');
    // The 50 requests of 12:00 stop counting at 13:01:00.
    expect(header(refused, 'retry-after')).toBe(String(41 * 60));
    expect(header(refused, 'x-ratelimit-reset')).toBe(String(unix(START + 61 * MINUTE)));
    t.clock.advance(41 * 60_000 - 1);
    expect((await hit(key)).status).toBe(429);
    t.clock.advance(1);
    expectAll(await burst(key, 50), 200);
    const next = await hit(key);
    expect(next.status).toBe(429);
    expect(header(next, 'retry-after')).toBe('60');
  });

  // Every plan, the same rules at its own figures: the burst, its refill, and the quota under a
  // sustained rate of half the burst per minute (which spends the quota in 20 minutes on each plan).
  const plans = [
    { plan: 'professional' as const, hourly: 1000, burst: 100 },
    { plan: 'enterprise' as const, hourly: 10_000, burst: 500 },
    { plan: 'custom' as const, hourly: 300, burst: 30, limits: { hourly_limit: 300, burst_limit: 30 } },
  ];
  it.each(plans)('$plan: burst of exactly $burst, refill at $burst a minute, the hourly quota of $hourly binds', async ({ plan, hourly, burst: size, limits }) => {
    const key = await keyOn(plan, limits);
    expectAll(await burst(key, size, PING), 200);
    const refused = await hit(key, PING);
    expect(refused.status).toBe(429);
    expect(refused.body.error.details).toEqual({ limit: 'burst' });
    expect(header(refused, 'retry-after')).toBe(String(Math.ceil(60 / size)));
    expect(header(refused, 'x-ratelimit-remaining')).toBe(String(hourly - size));
    // Half a minute refills half the bucket, exactly.
    t.clock.advance(30_000);
    expectAll(await burst(key, size / 2, PING), 200);
    expect((await hit(key, PING)).status).toBe(429);
    // Then half the burst per minute until the quota is spent.
    let spent = size + size / 2;
    while (spent < hourly) {
      t.clock.advance(MINUTE);
      const n = Math.min(size / 2, hourly - spent);
      expectAll(await burst(key, n, PING), 200);
      spent += n;
    }
    t.clock.advance(MINUTE);
    const quota = await hit(key, PING);
    expect(quota.status).toBe(429);
    expect(quota.body.error.details).toEqual({ limit: 'hourly' });
    expect(header(quota, 'x-ratelimit-remaining')).toBe('0');
    // The first minute's requests (12:00) stop counting at 13:01:00.
    expect(Number(header(quota, 'retry-after')) * 1000).toBe(START + 61 * MINUTE - t.clock.now());
  });

  it('slides: no double quota across an hour boundary', async () => {
    const key = await keyOn('custom', { hourly_limit: 10, burst_limit: 100 });
    t.clock.set(START + 59 * MINUTE + 30_000); // 12:59:30
    expectAll(await burst(key, 10), 200);
    t.clock.set(START + 61 * MINUTE + 30_000); // 13:01:30: a fixed hourly window would have reset at 13:00
    const refused = await hit(key);
    expect(refused.status).toBe(429);
    // 12:59's requests stop counting at 14:00:00.
    expect(header(refused, 'retry-after')).toBe(String(3600 - 90));
    t.clock.set(START + 120 * MINUTE - 1);
    expect((await hit(key)).status).toBe(429);
    t.clock.set(START + 120 * MINUTE);
    expectAll(await burst(key, 10), 200);
    expect((await hit(key)).status).toBe(429);
  });

  it('per-endpoint windows: bulk 20, export 10, search 100 an hour, besides the quota', async () => {
    const key = await keyOn('professional');
    const bulkRequest = (i: number) =>
      t.request({ method: 'POST', url: '/api/v1/students/bulk', key, body: { records: [{ email: `bulk${i}@example.com`, name: 'B' }] } });
    for (let i = 0; i < 20; i++) {
      const r = await bulkRequest(i);
      expect(r.status, show(r)).toBe(201);
      expect(header(r, 'ratelimit-policy')).toBe('"hourly";q=1000;w=3600, "burst";q=100;w=60, "bulk";q=20;w=3600');
    }
    const refused = await bulkRequest(99);
    expect(refused.status, show(refused)).toBe(429);
    expect(refused.body.error.details).toEqual({ limit: 'bulk' });
    expect(refused.body.error.message).toBe(`Rate limit exceeded: 20 bulk requests per hour; retry in ${61 * 60} seconds`);
    expect(header(refused, 'ratelimit')).toContain('"bulk";r=0;t=3660');
    // The other routes still answer, and the 20 bulk calls were 20 requests of the quota, whatever their records.
    const other = await hit(key);
    expect(other.status).toBe(200);
    expect(header(other, 'x-ratelimit-remaining')).toBe('979');

    t.clock.advance(2 * MINUTE);
    expectAll(await burst(key, 10, '/api/v1/test/export'), 200);
    expect((await hit(key, '/api/v1/test/export')).status).toBe(429);
    // The bucket holds 90 tokens now (full after two minutes, less 10 exports): they bind first.
    const search = await burst(key, 91, '/api/v1/test/search');
    expectAll(search.slice(0, 90), 200);
    expect(search[90]).toBe(429);
    t.clock.advance(MINUTE);
    expectAll(await burst(key, 10, '/api/v1/test/search'), 200);
    const searchRefused = await hit(key, '/api/v1/test/search');
    expect(searchRefused.status).toBe(429);
    expect(searchRefused.body.error.details).toEqual({ limit: 'search' });

    const look = await t.request({ url: '/api/v1/rate-limits', key });
    expect(look.body.data.endpoints.bulk).toMatchObject({ limit: 20, used: 20, remaining: 0 });
    expect(look.body.data.endpoints.export).toMatchObject({ limit: 10, used: 10, remaining: 0 });
    expect(look.body.data.endpoints.search).toMatchObject({ limit: 100, used: 100, remaining: 0 });
  });

  it('a custom plan uses the limits stored on its account, endpoint windows included', async () => {
    const key = await keyOn('custom', { hourly_limit: 30, burst_limit: 5, export_hourly_limit: 2 });
    expectAll(await burst(key, 5), 200);
    const refused = await hit(key);
    expect(refused.status).toBe(429);
    expect(header(refused, 'x-ratelimit-limit')).toBe('30');
    // 5 per minute: one token in 12 s.
    expect(header(refused, 'retry-after')).toBe('12');
    t.clock.advance(MINUTE);
    expectAll(await burst(key, 2, '/api/v1/test/export'), 200);
    expect((await hit(key, '/api/v1/test/export')).status).toBe(429);
  });

  it('enterprise: a burst of exactly 500 of a 10,000 quota', async () => {
    const key = await keyOn('enterprise');
    expectAll(await burst(key, 500, PING), 200);
    const refused = await hit(key, PING);
    expect(refused.status).toBe(429);
    expect(header(refused, 'x-ratelimit-limit')).toBe('10000');
    expect(header(refused, 'x-ratelimit-remaining')).toBe('9500');
    expect(header(refused, 'retry-after')).toBe('1');
  });

  it('limits every key independently, keys of one account included', async () => {
    const first = await t.newKey({ plan: 'professional' });
    const second = await t.newKey({ accountId: first.accountId });
    t.clock.set(START);
    expectAll(await burst(first.key, 100), 200);
    expect((await hit(first.key)).status).toBe(429);
    const other = await hit(second.key);
    expect(other.status).toBe(200);
    expect(header(other, 'x-ratelimit-remaining')).toBe('999');
  });

  it('a client following the retry rule (Retry-After, else 2^attempt s) never gets stuck', async () => {
    const key = await keyOn('custom', { hourly_limit: 200, burst_limit: 20 });
    let done = 0;
    let waits = 0;
    while (done < 250) {
      const r = await hit(key);
      if (r.status === 200) {
        done++;
        continue;
      }
      expect(r.status).toBe(429);
      const seconds = Number(header(r, 'retry-after'));
      expect(seconds).toBeGreaterThanOrEqual(1);
      t.clock.advance(seconds * 1000);
      waits++;
      // Honest: nothing else spends this key, so the retry after waiting succeeds.
      const retry = await hit(key);
      expect(retry.status, `retry after ${seconds} s`).toBe(200);
      done++;
    }
    expect(waits).toBeGreaterThan(0);
  });

  it('throttles failed authentication per address: 20 a minute, then 429 for failures until the minute has passed; a valid key passes', async () => {
    const key = await keyOn('professional');
    const attacker = '203.0.113.7';
    const bad = (i: number) => `lct_prod_${'x'.repeat(39)}${i % 10}`;
    for (let i = 0; i < 20; i++) {
      const r = await t.request({ url: '/api/v1/courses', key: bad(i), remoteAddress: attacker });
      expect(r.status, show(r)).toBe(401);
      expect(header(r, 'ratelimit')).toBe(`"auth_failures";r=${19 - i};t=60`);
    }
    t.clock.advance(10_000);
    // A valid key from that address passes (behind NAT, strangers' failures must not lock a school
    // out), with its own budgets in the headers, and does not reset the address's count.
    const valid = await t.request({ url: '/api/v1/courses', key, remoteAddress: attacker });
    expect(valid.status, show(valid)).toBe(200);
    expect(header(valid, 'ratelimit-policy')).not.toContain('auth_failures');
    const blocked = await t.request({ url: '/api/v1/courses', key: bad(0), remoteAddress: attacker });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toMatchObject({ code: 'rate_limit_exceeded', retry_after: 50, details: { limit: 'auth_failures' } });
    expect(header(blocked, 'retry-after')).toBe('50');
    expect(header(blocked, 'ratelimit')).toBe('"auth_failures";r=0;t=50');
    const missing = await t.request({ url: '/api/v1/courses', key: null, remoteAddress: attacker });
    expect(missing.status).toBe(429);
    // Other addresses are not affected.
    expect((await t.request({ url: '/api/v1/courses', key: bad(1), remoteAddress: '203.0.113.8' })).status).toBe(401);
    t.clock.advance(50_000);
    // A missing key is a failed authentication too; the valid key passes throughout.
    for (let i = 0; i < 20; i++) expect((await t.request({ url: '/api/v1/courses', key: null, remoteAddress: attacker })).status).toBe(401);
    expect((await t.request({ url: '/api/v1/courses', key: null, remoteAddress: attacker })).status).toBe(429);
    expect((await t.request({ url: '/api/v1/courses', key, remoteAddress: attacker })).status).toBe(200);
  });
});

describe('rate limits off (RATE_LIMITS=off)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp(testDialects()[0]!, { config: { rateLimits: false } });
  });
  afterAll(() => t.close());

  it('sends no budget headers, never answers 429, and GET /rate-limits says they are off', async () => {
    const key = (await t.newKey({ plan: 'professional' })).key;
    for (let i = 0; i < 120; i++) expect((await t.request({ url: '/api/v1/courses', key })).status).toBe(200);
    const r = await t.request({ url: '/api/v1/courses', key });
    expect(r.headers['x-ratelimit-limit']).toBeUndefined();
    expect((await t.request({ url: '/api/v1/rate-limits', key })).status).toBe(404);
  });
});
