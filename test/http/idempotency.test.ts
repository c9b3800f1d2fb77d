import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { setupApp, show, type TestApp } from '../harness.js';

describe.each(testDialects())('Idempotency-Key [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp(dialect);
  });
  afterAll(() => t.close());

  const post = (idempotencyKey: string, body: unknown, key?: string) =>
    t.request({ method: 'POST', url: '/api/v1/courses', body, headers: { 'idempotency-key': idempotencyKey }, ...(key ? { key } : {}) });

  async function countTitled(title: string, key?: string): Promise<number> {
    const response = await t.request({ url: '/api/v1/courses?per_page=100', ...(key ? { key } : {}) });
    return response.body.data.filter((c: { title: string }) => c.title === title).length;
  }

  it('replays the first response (status and body) with Idempotent-Replayed: true, creating once', async () => {
    const first = await post('create-once', { title: 'Once' });
    expect(first.status, show(first)).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    t.clock.advance(5000);
    const again = await post('create-once', { title: 'Once' });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await countTitled('Once')).toBe(1);
  });

  it('treats the same JSON with keys in another order as the same request', async () => {
    const first = await post('reordered', { title: 'Ordered', description: 'd' });
    const again = await t.request({
      method: 'POST',
      url: '/api/v1/courses',
      payload: '{"description":"d","title":"Ordered"}',
      headers: { 'idempotency-key': 'reordered', 'content-type': 'application/json' },
    });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('answers 422 idempotency_key_reused for the same key with another body or path', async () => {
    await post('reused', { title: 'First body' });
    const other = await post('reused', { title: 'Second body' });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
    const course = (await post('publish-target', { title: 'Target' })).body.data;
    const otherPath = await t.request({ method: 'POST', url: `/api/v1/courses/${course.id}/publish`, headers: { 'idempotency-key': 'reused' } });
    expect(otherPath.status).toBe(422);
    expect(await countTitled('Second body')).toBe(0);
  });

  it('runs exactly one of many concurrent requests with one key; the others wait-and-replay or get 409', async () => {
    const responses = await Promise.all(Array.from({ length: 8 }, () => post('concurrent', { title: 'Concurrent' })));
    const statuses = responses.map((r) => r.status);
    const ran = responses.filter((r) => r.status === 201 && r.headers['idempotent-replayed'] === undefined);
    expect(ran, statuses.join(',')).toHaveLength(1);
    for (const response of responses) {
      if (response.status === 409) expect(response.body.error.code).toBe('idempotency_request_in_progress');
      else expect(response.body).toEqual(ran[0]!.body);
    }
    expect(await countTitled('Concurrent')).toBe(1);
  });

  it('stores nothing for a request that fails validation or authentication', async () => {
    const invalid = await post('after-invalid', { title: '' });
    expect(invalid.status).toBe(400);
    const unauthenticated = await t.request({ method: 'POST', url: '/api/v1/courses', key: null, body: { title: 'x' }, headers: { 'idempotency-key': 'after-invalid' } });
    expect(unauthenticated.status).toBe(401);
    const valid = await post('after-invalid', { title: 'Valid now' });
    expect(valid.status, show(valid)).toBe(201);
    expect(valid.headers['idempotent-replayed']).toBeUndefined();
  });

  it('replays a client error the handler answered, such as a 404', async () => {
    const url = '/api/v1/courses/crs_00000000000000000000000000/publish';
    const first = await t.request({ method: 'POST', url, headers: { 'idempotency-key': 'missing-course' } });
    expect(first.status).toBe(404);
    const again = await t.request({ method: 'POST', url, headers: { 'idempotency-key': 'missing-course' } });
    expect(again.status).toBe(404);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('scopes keys to the workspace: another account may use the same key string', async () => {
    const other = await t.newKey();
    await post('shared-name', { title: 'Mine' });
    const theirs = await post('shared-name', { title: 'Theirs' }, other.key);
    expect(theirs.status).toBe(201);
    expect(theirs.body.data.title).toBe('Theirs');
  });

  it('forgets a key after 24 hours', async () => {
    await post('day-old', { title: 'Yesterday' });
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    const later = await post('day-old', { title: 'Today' });
    expect(later.status).toBe(201);
    expect(later.body.data.title).toBe('Today');
  });

  it('lets a retry run when the process that held the key died mid-request (lock lapsed)', async () => {
    const { workspace_id } = await t.ctx.db.selectFrom('api_keys').select('workspace_id').where('account_id', '=', t.accountId).executeTakeFirstOrThrow();
    const now = t.clock.now();
    const { requestFingerprint } = await import('../../src/modules/idempotency/idempotency.service.js');
    await t.ctx.db
      .insertInto('idempotency_keys')
      .values({
        workspace_id,
        key: 'orphaned',
        request_hash: requestFingerprint('POST', '/api/v1/courses', { title: 'Orphan' }),
        state: 'running',
        response_status: null,
        response_body: null,
        locked_until: new Date(now + 30_000).toISOString(),
        created_at: new Date(now).toISOString(),
      })
      .execute();
    const whileLocked = await post('orphaned', { title: 'Orphan' });
    expect(whileLocked.status).toBe(409);
    expect(whileLocked.body.error.code).toBe('idempotency_request_in_progress');
    t.clock.advance(31_000);
    const afterLapse = await post('orphaned', { title: 'Orphan' });
    expect(afterLapse.status, show(afterLapse)).toBe(201);
    expect(await countTitled('Orphan')).toBe(1);
  });

  it('refuses a key longer than 255 characters', async () => {
    const response = await post('k'.repeat(256), { title: 'Too long a key' });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid_parameter');
  });
});
