import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlan } from '../../src/modules/accounts/accounts.service.js';
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
        key_name: 'test',
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

describe.each(testDialects())('the request log and usage count every request made with a key of the workspace [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp(dialect);
  });
  afterAll(() => t.close());

  const logOf = async (requestId: string, key?: string) => {
    const read = await t.request({ url: `/api/v1/request-logs?request_id=${requestId}`, ...(key ? { key } : {}) });
    expect(read.status, show(read)).toBe(200);
    return read.body.data as Record<string, unknown>[];
  };
  const usageOf = async (keyId: string, key?: string) => {
    const read = await t.request({ url: `/api/v1/usage?key_id=${keyId}`, ...(key ? { key } : {}) });
    expect(read.status, show(read)).toBe(200);
    return read.body.data;
  };
  /** A key made over the API, so that it has a name of its own. */
  const namedKey = async (name: string, fields: Record<string, unknown> = {}) => {
    const made = await t.request({ method: 'POST', url: '/api/v1/api-keys', body: { name, environment: 'production', ...fields } });
    expect(made.status, show(made)).toBe(201);
    return { key: made.body.data.key as string, keyId: made.body.data.id as string };
  };

  it('logs an unknown route called with a valid key as `unmatched`, with the key\'s name, and counts it in usage', async () => {
    const { key, keyId } = await namedKey('Gradebook sync');
    const unknown = await t.request({ url: '/api/v1/no-such-thing/crs_123?token=abc', key });
    expect(unknown.status, show(unknown)).toBe(404);
    expect(unknown.body.error.code).toBe('resource_not_found');
    // Admitted like any request: it spends from the key's limits and says so.
    expect(unknown.headers['x-ratelimit-limit']).toBeDefined();
    const wrongMethod = await t.request({ method: 'PATCH', url: '/api/v1/courses', key, body: {} });
    expect(wrongMethod.status, show(wrongMethod)).toBe(405);

    expect(await logOf(unknown.body.error.request_id)).toEqual([
      {
        request_id: unknown.body.error.request_id,
        key_id: keyId,
        key_name: 'Gradebook sync',
        method: 'GET',
        route: 'unmatched',
        status: 404,
        error_code: 'resource_not_found',
        latency_ms: expect.any(Number),
        created_at: expect.any(String),
      },
    ]);
    expect(await logOf(wrongMethod.body.error.request_id)).toEqual([
      expect.objectContaining({ key_id: keyId, route: 'unmatched', status: 405, error_code: 'method_not_allowed' }),
    ]);
    const usage = await usageOf(keyId);
    expect(usage.totals).toEqual({ requests: 2, status_2xx: 0, status_4xx: 2, status_429: 0, status_5xx: 0 });
    expect(usage.keys).toEqual([{ key_id: keyId, key_name: 'Gradebook sync', requests: 2, status_2xx: 0, status_4xx: 2, status_429: 0, status_5xx: 0 }]);
    // The path asked for is not kept.
    const stored = JSON.stringify(await t.ctx.db.selectFrom('request_logs').select(['id', 'route']).execute());
    expect(stored).not.toContain('no-such-thing');
  });

  it('spends one request of the key\'s limits on an unknown route, like any request', async () => {
    const limited = await t.newKey({ scopes: ['courses:read'] });
    await setPlan(t.ctx, limited.accountId, 'professional', { hourly_limit: 2, burst_limit: 100 });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await t.request({ url: '/api/v1/no-such-thing', key: limited.key })).status);
    expect(statuses).toEqual([404, 404, 429]);
    expect((await t.request({ url: '/api/v1/courses', key: limited.key })).status).toBe(429);
    const reader = await t.newKey({ accountId: limited.accountId, scopes: ['analytics:read'] });
    const usage = await usageOf(limited.keyId, reader.key);
    expect(usage.totals).toMatchObject({ requests: 4, status_4xx: 2, status_429: 2 });
  });

  it('leaves an unknown route without a valid key unanswered by any workspace, and unknown paths outside the API alone', async () => {
    const { keyId } = await namedKey('Never used');
    const anonymous = await t.request({ url: '/api/v1/no-such-thing', key: null });
    const stranger = await t.request({ url: '/api/v1/no-such-thing', key: 'lct_prod_0000000000000000000000000000000000' });
    for (const answer of [anonymous, stranger]) {
      expect(answer.status, show(answer)).toBe(404);
      expect(answer.headers['x-ratelimit-limit']).toBeUndefined();
      expect(await logOf(answer.body.error.request_id)).toEqual([]);
    }
    expect((await usageOf(keyId)).totals.requests).toBe(0);
  });

  it('logs the 401 of a revoked key, an expired key and a secret rotated out under that key\'s workspace only', async () => {
    const revoked = await namedKey('Old LMS');
    const expiring = await namedKey('Trial', { expires_at: new Date(t.clock.now() + 60_000).toISOString() });
    const rotated = await namedKey('Rotated');
    expect((await t.request({ method: 'POST', url: `/api/v1/api-keys/${revoked.keyId}/revoke` })).status).toBe(200);
    const rotation = await t.request({ method: 'POST', url: `/api/v1/api-keys/${rotated.keyId}/rotate`, body: { grace_period_seconds: 30 } });
    expect(rotation.status, show(rotation)).toBe(200);
    t.clock.advance(61_000);

    const other = await t.newKey({ scopes: ['analytics:read'] });
    const wrongSecret = await t.request({ url: '/api/v1/courses', key: 'lct_prod_0000000000000000000000000000000000' });
    expect(wrongSecret.status).toBe(401);
    for (const [{ key, keyId }, name] of [
      [revoked, 'Old LMS'],
      [expiring, 'Trial'],
      [rotated, 'Rotated'],
    ] as const) {
      const refused = await t.request({ url: '/api/v1/courses', key });
      expect(refused.status, `${name}: ${show(refused)}`).toBe(401);
      expect(refused.body.error.code).toBe('invalid_api_key');
      const requestId = refused.body.error.request_id as string;
      expect(await logOf(requestId), name).toEqual([
        expect.objectContaining({ request_id: requestId, key_id: keyId, key_name: name, route: '/api/v1/courses', status: 401, error_code: 'invalid_api_key' }),
      ]);
      expect(await logOf(requestId, other.key), `${name} in another workspace`).toEqual([]);
      expect((await usageOf(keyId)).totals, name).toMatchObject({ requests: 1, status_4xx: 1 });
    }
    // An unknown route called with the revoked key answers 404 as to anyone, logged under that key.
    const unknown = await t.request({ url: '/api/v1/no-such-thing', key: revoked.key });
    expect(unknown.status, show(unknown)).toBe(404);
    expect(await logOf(unknown.body.error.request_id)).toEqual([expect.objectContaining({ key_id: revoked.keyId, route: 'unmatched', status: 404 })]);
    // A secret that matches no key belongs to no workspace.
    expect(await logOf(wrongSecret.body.error.request_id)).toEqual([]);
    expect(await logOf(wrongSecret.body.error.request_id, other.key)).toEqual([]);
    expect(await t.ctx.db.selectFrom('request_logs').select('id').where('id', '=', wrongSecret.body.error.request_id).execute()).toEqual([]);
    // The rotated key's new secret still works.
    expect((await t.request({ url: '/api/v1/courses', key: rotation.body.data.key })).status).toBe(200);
  });

  it('shows a key\'s current name, and null once the key is gone', async () => {
    const { key, keyId } = await namedKey('Before');
    const failed = await t.request({ url: '/api/v1/courses/crs_nope', key });
    const requestId = failed.body.error.request_id as string;
    await t.ctx.db.updateTable('api_keys').set({ name: 'After' }).where('id', '=', keyId).execute();
    expect(await logOf(requestId)).toEqual([expect.objectContaining({ key_id: keyId, key_name: 'After' })]);
    expect((await usageOf(keyId)).keys).toEqual([expect.objectContaining({ key_id: keyId, key_name: 'After' })]);
    await t.ctx.db.deleteFrom('api_key_secrets').where('key_id', '=', keyId).execute();
    await t.ctx.db.deleteFrom('api_keys').where('id', '=', keyId).execute();
    expect(await logOf(requestId)).toEqual([expect.objectContaining({ key_id: keyId, key_name: null })]);
    const all = await t.request({ url: '/api/v1/usage' });
    expect(all.body.data.keys).toContainEqual(expect.objectContaining({ key_id: keyId, key_name: null }));
  });
});
