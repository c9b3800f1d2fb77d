import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { setPlan } from '../../src/modules/accounts/accounts.service.js';
import { testDialects } from '../dialects.js';
import { setupApp, show, type TestApp } from '../harness.js';

describe.each(testDialects())('GET /usage [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // No worker: a delivery stays as recorded. Private URLs: the endpoint below is local.
    t = await setupApp(dialect, { config: { worker: false, webhooks: { ...loadConfig({}).webhooks, allowPrivate: true } } });
  });
  afterAll(() => t.close());

  const usage = (query: string, key?: string) => t.request({ url: `/api/v1/usage${query}`, ...(key ? { key } : {}) });

  it('counts every request of a key per hour, by status class, without a write per request', async () => {
    const { key, keyId, accountId } = await t.newKey({ scopes: ['courses:read', 'analytics:read'] });
    await setPlan(t.ctx, accountId, 'professional', { hourly_limit: 100_000, burst_limit: 100_000 });
    for (let i = 0; i < 50; i++) expect((await t.request({ url: '/api/v1/courses', key })).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await t.request({ url: '/api/v1/courses/crs_missing', key })).status).toBe(404);
    expect((await t.request({ url: '/api/v1/students', key })).status, 'missing scope').toBe(403);
    // Nothing is written yet: the counts wait in memory for the flush (or a read).
    expect(await t.ctx.db.selectFrom('api_usage_hours').select('requests').where('key_id', '=', keyId).execute()).toEqual([]);

    const read = await usage('', key);
    expect(read.status, show(read)).toBe(200);
    const data = read.body.data;
    expect(data.granularity).toBe('hour');
    expect(data.buckets).toHaveLength(24);
    expect(data.totals).toEqual({ requests: 54, status_2xx: 50, status_4xx: 4, status_429: 0, status_5xx: 0 });
    expect(data.buckets.at(-1)).toMatchObject({ start: '2026-11-21T12:00:00.000Z', requests: 54 });
    expect(data.keys).toEqual([{ key_id: keyId, key_name: 'test', requests: 54, status_2xx: 50, status_4xx: 4, status_429: 0, status_5xx: 0 }]);

    // The read itself is counted too, as are requests in the next hour.
    t.clock.advance(3_600_000);
    await t.request({ url: '/api/v1/courses', key });
    const byDay = await usage(`?granularity=day&key_id=${keyId}`, key);
    expect(byDay.status, show(byDay)).toBe(200);
    expect(byDay.body.data.buckets).toHaveLength(30);
    expect(byDay.body.data.key_id).toBe(keyId);
    expect(byDay.body.data.buckets.at(-1)).toMatchObject({ start: '2026-11-21T00:00:00.000Z', requests: 56, status_2xx: 52 });
    const hours = await usage(`?from=2026-11-21T12:00:00.000Z&to=2026-11-21T14:00:00.000Z&key_id=${keyId}`, key);
    expect(hours.body.data.buckets.map((b: { requests: number }) => b.requests)).toEqual([55, 2]);
  });

  it('counts 429s on their own and records one usage.threshold_reached event at 80% of the hourly quota', async () => {
    const limited = await t.newKey({ scopes: ['courses:read'] });
    await setPlan(t.ctx, limited.accountId, 'professional', { hourly_limit: 10, burst_limit: 100 });
    const reader = await t.newKey({ accountId: limited.accountId, scopes: ['analytics:read'] });
    const admin = await t.newKey({ accountId: limited.accountId });
    const endpoint = await t.request({ method: 'POST', url: '/api/v1/webhook-endpoints', key: admin.key, body: { url: 'http://127.0.0.1:9/alerts', events: ['usage.threshold_reached'] } });
    expect(endpoint.status, show(endpoint)).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await t.request({ url: '/api/v1/courses', key: limited.key })).status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    await t.app.usage.flush();
    await t.app.usage.flush();
    const read = await usage(`?key_id=${limited.keyId}`, reader.key);
    expect(read.body.data.totals).toEqual({ requests: 12, status_2xx: 10, status_4xx: 0, status_429: 2, status_5xx: 0 });
    const events = await t.request({ url: '/api/v1/events?type=usage.threshold_reached', key: admin.key });
    expect(events.status, show(events)).toBe(200);
    expect(events.body.data).toHaveLength(1);
    expect(events.body.data[0].data.object).toMatchObject({
      key_id: limited.keyId,
      hourly_quota: 10,
      threshold_percent: 80,
      hour: '2026-11-21T13:00:00.000Z',
      environment: 'production',
    });
    expect(events.body.data[0].data.object.requests).toBeGreaterThanOrEqual(8);
    // Delivered like any event, to the endpoint subscribed to it.
    const deliveries = await t.request({ url: `/api/v1/webhook-endpoints/${endpoint.body.data.id}/deliveries`, key: admin.key });
    expect(deliveries.body.data.map((d: { event_type: string; event_id: string }) => [d.event_type, d.event_id])).toEqual([
      ['usage.threshold_reached', events.body.data[0].id],
    ]);
  });

  it('shows another workspace nothing, and answers 404 for its key ids', async () => {
    const other = await t.newKey({ scopes: ['analytics:read'] });
    const mine = await t.newKey({ accountId: t.accountId });
    await t.request({ url: '/api/v1/courses', key: mine.key });
    await usage('', other.key);
    const read = await usage('', other.key);
    expect(read.status).toBe(200);
    expect(read.body.data.keys.map((k: { key_id: string }) => k.key_id)).toEqual([other.keyId]);
    const foreign = await usage(`?key_id=${mine.keyId}`, other.key);
    expect(foreign.status, show(foreign)).toBe(404);
    expect(foreign.body.error.code).toBe('resource_not_found');
    const dev = await t.newKey({ accountId: t.accountId, environment: 'development' });
    expect((await usage(`?key_id=${mine.keyId}`, dev.key)).status, 'another environment of the account').toBe(404);
  });

  it('validates the range and needs analytics:read', async () => {
    expect((await usage('?granularity=week')).status).toBe(400);
    const backwards = await usage('?from=2026-11-21T12:00:00.000Z&to=2026-11-20T12:00:00.000Z');
    expect(backwards.status, show(backwards)).toBe(400);
    expect(backwards.body.error.code).toBe('invalid_parameter');
    expect((await usage('?from=2026-01-01T00:00:00.000Z&to=2026-11-20T00:00:00.000Z')).status, 'too many hours').toBe(400);
    const noScope = await usage('', (await t.newKey({ accountId: t.accountId, scopes: ['courses:read'] })).key);
    expect(noScope.status).toBe(403);
    expect(noScope.body.error.details.required_scope).toBe('analytics:read');
  });
});
