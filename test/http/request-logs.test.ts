import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { setupApp, show, type TestApp } from '../harness.js';

describe.each(testDialects())('GET /request-logs [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp(dialect);
  });
  afterAll(() => t.close());

  const logs = (query: string, key?: string) => t.request({ url: `/api/v1/request-logs${query}`, ...(key ? { key } : {}) });

  it('finds a failed request by the request id of its error, with route, status, code and key', async () => {
    const { key, keyId } = await t.newKey({ accountId: t.accountId, scopes: ['courses:read'] });
    const failed = await t.request({ url: '/api/v1/courses/crs_does_not_exist?secret=x', key });
    expect(failed.status).toBe(404);
    const requestId = failed.body.error.request_id as string;
    // Queued in memory, not yet written.
    expect(await t.ctx.db.selectFrom('request_logs').select('id').where('id', '=', requestId).execute()).toEqual([]);

    const found = await logs(`?request_id=${requestId}`);
    expect(found.status, show(found)).toBe(200);
    expect(found.body.data).toEqual([
      {
        request_id: requestId,
        key_id: keyId,
        method: 'GET',
        route: '/api/v1/courses/:id',
        status: 404,
        error_code: 'resource_not_found',
        latency_ms: expect.any(Number),
        created_at: '2026-11-21T12:00:00.000Z',
      },
    ]);
    expect(found.body.pagination).toMatchObject({ page: 1, total: 1 });
    // Neither the key, nor the path's ids, nor the query are kept.
    const stored = JSON.stringify(await t.ctx.db.selectFrom('request_logs').selectAll().execute());
    expect(stored).not.toContain(key);
    expect(stored).not.toContain('crs_does_not_exist');
    expect(stored).not.toContain('secret');
  });

  it('keeps failures only, filters by status or class, and pages newest first', async () => {
    const { key } = await t.newKey({ accountId: t.accountId });
    const before = (await logs('?per_page=100')).body.pagination.total as number;
    for (let i = 0; i < 5; i++) await t.request({ url: '/api/v1/courses', key });
    await t.request({ method: 'POST', url: '/api/v1/courses', key, body: { title: 7 } });
    await t.request({ method: 'POST', url: '/api/v1/courses', key, body: { title: 'ok' } });
    const all = await logs('?per_page=100');
    // The two reads of the log are successful requests too: only the 400 was added.
    expect(all.body.pagination.total).toBe(before + 1);
    expect(all.body.data[0]).toMatchObject({ status: 400, error_code: 'validation_error', method: 'POST', route: '/api/v1/courses' });
    expect((await logs('?status=400')).body.data.every((e: { status: number }) => e.status === 400)).toBe(true);
    expect((await logs('?status=4xx')).body.pagination.total).toBe(before + 1);
    expect((await logs('?status=5xx')).body.pagination.total).toBe(0);
    expect((await logs('?status=200')).status, 'not a failure status').toBe(400);
    const first = await logs('?per_page=1&cursor=');
    expect(first.body.pagination.has_more).toBe(true);
    const second = await logs(`?per_page=1&cursor=${encodeURIComponent(first.body.pagination.next_cursor)}`);
    expect(second.body.data[0].request_id < first.body.data[0].request_id).toBe(true);
  });

  it('logs a replayed error answer (Idempotency-Key) with the code of the answer it repeats', async () => {
    const { key } = await t.newKey({ accountId: t.accountId });
    const send = () => t.request({ method: 'POST', url: '/api/v1/courses/crs_nope/publish', key, headers: { 'idempotency-key': `replayed-${dialect}` } });
    const first = await send();
    const replayed = await send();
    expect(first.status, show(first)).toBe(404);
    expect(replayed.status).toBe(404);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    // The replay repeats the first answer's body (its request id too); it is logged under its own id (X-Request-Id).
    const replayId = replayed.headers['x-request-id'] as string;
    expect(replayId).not.toBe(first.body.error.request_id);
    const found = await logs(`?request_id=${replayId}`);
    expect(found.body.data).toEqual([expect.objectContaining({ request_id: replayId, status: 404, error_code: 'resource_not_found', route: '/api/v1/courses/:id/publish' })]);
  });

  it('shows another workspace nothing', async () => {
    const mine = await t.request({ url: '/api/v1/courses/crs_nope' });
    const requestId = mine.body.error.request_id;
    const other = await t.newKey({ scopes: ['analytics:read'] });
    const read = await logs(`?request_id=${requestId}`, other.key);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual([]);
    const dev = await t.newKey({ accountId: t.accountId, environment: 'development' });
    expect((await logs(`?request_id=${requestId}`, dev.key)).body.data).toEqual([]);
    expect((await logs(`?request_id=${requestId}`)).body.data).toHaveLength(1);
  });

  it('forgets failures after 7 days', async () => {
    const failed = await t.request({ url: '/api/v1/modules/mod_nope' });
    await t.app.requestLog.flush();
    t.clock.advance(7 * 86_400_000 + 1000);
    expect((await logs(`?request_id=${failed.body.error.request_id}`)).body.data).toEqual([]);
    await t.app.requestLog.flush();
    const left = await t.ctx.db.selectFrom('request_logs').select('id').where('id', '=', failed.body.error.request_id).execute();
    expect(left).toEqual([]);
  });
});
