import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { setupApp, show, type TestApp } from '../harness.js';

describe.each(testDialects())('API key lifecycle [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp(dialect);
  });
  afterAll(() => t.close());

  const create = (body: Record<string, unknown>, key?: string) => t.request({ method: 'POST', url: '/api/v1/api-keys', body, ...(key ? { key } : {}) });
  const works = async (key: string) => (await t.request({ url: '/api/v1/courses', key })).status === 200;

  it('creates a key shown once, lists and reads it without its secret', async () => {
    const created = await create({ name: 'LMS sync', environment: 'production', scopes: ['courses:read'] });
    expect(created.status, show(created)).toBe(201);
    const key = created.body.data.key as string;
    expect(key).toMatch(/^lct_prod_[0-9A-Za-z]{40}$/);
    expect(created.body.data).toMatchObject({ name: 'LMS sync', environment: 'production', scopes: ['courses:read'], revoked_at: null });
    expect(created.body.data.key_hint).toBe(`lct_prod_${key.slice(9, 13)}…${key.slice(-4)}`);
    expect(await works(key)).toBe(true);
    const read = await t.request({ url: `/api/v1/api-keys/${created.body.data.id}` });
    expect(read.body.data).not.toHaveProperty('key');
    const list = await t.request({ url: '/api/v1/api-keys?per_page=100' });
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(key);
    expect(list.body.data.map((k: { id: string }) => k.id)).toContain(created.body.data.id);
  });

  it('rotates: the new key works at once, the old one for the grace period only', async () => {
    const { id, key: old } = (await create({ name: 'to rotate', environment: 'production' })).body.data;
    const rotated = await t.request({ method: 'POST', url: `/api/v1/api-keys/${id}/rotate`, body: { grace_period_seconds: 60 } });
    expect(rotated.status, show(rotated)).toBe(200);
    const fresh = rotated.body.data.key as string;
    expect(fresh).not.toBe(old);
    const hintOf = (key: string) => `lct_prod_${key.slice(9, 13)}…${key.slice(-4)}`;
    const graceEnd = new Date(t.clock.now() + 60_000).toISOString();
    // The list says which secret still works beside the new one, and until when.
    expect(rotated.body.data).toMatchObject({ key_hint: hintOf(fresh), previous_key_hint: hintOf(old), previous_key_expires_at: graceEnd });
    const during = await t.request({ url: `/api/v1/api-keys/${id}` });
    expect(during.body.data).toMatchObject({ key_hint: hintOf(fresh), previous_key_hint: hintOf(old), previous_key_expires_at: graceEnd });
    expect(during.text).not.toContain(old);
    expect(await works(fresh)).toBe(true);
    expect(await works(old)).toBe(true);
    t.clock.advance(61_000);
    expect(await works(old)).toBe(false);
    expect(await works(fresh)).toBe(true);
    const after = await t.request({ url: '/api/v1/api-keys?per_page=100' });
    expect(after.body.data.find((k: { id: string }) => k.id === id)).toMatchObject({ key_hint: hintOf(fresh), previous_key_hint: null, previous_key_expires_at: null });
  });

  it('rotates with the default 24 h grace when sent no body, and with none when asked', async () => {
    const { id, key: old } = (await create({ name: 'default grace', environment: 'production' })).body.data;
    expect((await t.request({ method: 'POST', url: `/api/v1/api-keys/${id}/rotate` })).status).toBe(200);
    t.clock.advance(23 * 3600 * 1000);
    expect(await works(old)).toBe(true);
    t.clock.advance(3600 * 1000 + 1);
    expect(await works(old)).toBe(false);
    const second = (await create({ name: 'no grace', environment: 'production' })).body.data;
    const ungraced = await t.request({ method: 'POST', url: `/api/v1/api-keys/${second.id}/rotate`, body: { grace_period_seconds: 0 } });
    expect(ungraced.body.data).toMatchObject({ previous_key_hint: null, previous_key_expires_at: null });
    expect(await works(second.key)).toBe(false);
    const bad = await t.request({ method: 'POST', url: `/api/v1/api-keys/${second.id}/rotate`, body: { grace_period_seconds: -1 } });
    expect(bad.status).toBe(400);
  });

  it('revokes every secret at once, also one in its grace period; a revoked key cannot be rotated', async () => {
    const { id, key: old } = (await create({ name: 'to revoke', environment: 'production' })).body.data;
    const rotation = await t.request({ method: 'POST', url: `/api/v1/api-keys/${id}/rotate` });
    expect(rotation.body.data.previous_key_hint, show(rotation)).not.toBeNull();
    const fresh = rotation.body.data.key;
    const revoked = await t.request({ method: 'POST', url: `/api/v1/api-keys/${id}/revoke` });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.revoked_at).toEqual(expect.any(String));
    // No secret of a revoked key works, the previous one neither.
    expect(revoked.body.data).toMatchObject({ previous_key_hint: null, previous_key_expires_at: null });
    expect(await works(old)).toBe(false);
    expect(await works(fresh)).toBe(false);
    const rotateRevoked = await t.request({ method: 'POST', url: `/api/v1/api-keys/${id}/rotate` });
    expect(rotateRevoked.status, show(rotateRevoked)).toBe(409);
    expect(rotateRevoked.body.error).toMatchObject({ code: 'api_key_revoked', details: { key_id: id } });
  });

  it('never grants wider scopes than the calling key, and needs keys:write', async () => {
    const limited = (await create({ name: 'limited manager', environment: 'production', scopes: ['keys:write', 'courses:write'] })).body.data.key;
    const ok = await create({ name: 'narrower', environment: 'production', scopes: ['courses:read'] }, limited);
    expect(ok.status, show(ok)).toBe(201);
    for (const scopes of [['students:read'], ['*']]) {
      const wider = await create({ name: 'wider', environment: 'production', scopes }, limited);
      expect(wider.status).toBe(403);
      expect(wider.body.error.code).toBe('insufficient_permissions');
    }
    const fullKey = (await create({ name: 'full', environment: 'production' })).body.data;
    expect((await t.request({ method: 'POST', url: `/api/v1/api-keys/${fullKey.id}/rotate`, key: limited })).status).toBe(403);
    const reader = (await create({ name: 'reader', environment: 'production', scopes: ['courses:read'] })).body.data.key;
    const noScope = await t.request({ url: '/api/v1/api-keys', key: reader });
    expect(noScope.body.error.details.required_scope).toBe('keys:write');
  });

  it('rotates and revokes only keys whose scopes are within the calling key\'s', async () => {
    const manager = (await create({ name: 'keys only', environment: 'production', scopes: ['keys:write', 'courses:write'] })).body.data;
    const full = (await create({ name: 'full', environment: 'production' })).body.data;
    const students = (await create({ name: 'students', environment: 'production', scopes: ['students:read'] })).body.data;
    for (const target of [full, students]) {
      for (const action of ['rotate', 'revoke']) {
        const refused = await t.request({ method: 'POST', url: `/api/v1/api-keys/${target.id}/${action}`, key: manager.key });
        expect(refused.status, show(refused)).toBe(403);
        expect(refused.body.error).toMatchObject({
          code: 'insufficient_permissions',
          details: { key_id: target.id, action, scopes: target.id === full.id ? ['*'] : ['students:read'] },
        });
        expect(refused.body.error.message).toContain(`only ${action} keys whose scopes are within its own`);
      }
      const stillWorks = await t.request({ url: '/api/v1/rate-limits', key: target.key });
      expect(stillWorks.status, 'the wider key still works').toBe(200);
    }
    // Within its own (write implies read), and itself: allowed.
    const narrower = (await create({ name: 'narrower', environment: 'production', scopes: ['courses:read', 'keys:write'] })).body.data;
    const rotated = await t.request({ method: 'POST', url: `/api/v1/api-keys/${narrower.id}/rotate`, key: manager.key, body: { grace_period_seconds: 0 } });
    expect(rotated.status, show(rotated)).toBe(200);
    expect((await t.request({ method: 'POST', url: `/api/v1/api-keys/${narrower.id}/revoke`, key: manager.key })).status).toBe(200);
    expect((await t.request({ method: 'POST', url: `/api/v1/api-keys/${manager.id}/revoke`, key: manager.key })).status).toBe(200);
    expect(await works(manager.key)).toBe(false);
  });

  it('keeps key management inside the environment and the account', async () => {
    const devKey = (await t.newKey({ accountId: t.accountId, environment: 'development' })).key;
    const toProd = await create({ name: 'escalation', environment: 'production' }, devKey);
    expect(toProd.status).toBe(403);
    const prodKeyId = (await create({ name: 'prod only', environment: 'production' })).body.data.id;
    expect((await t.request({ url: `/api/v1/api-keys/${prodKeyId}`, key: devKey })).status).toBe(404);
    const other = await t.newKey();
    for (const [method, url] of [['GET', `/api/v1/api-keys/${prodKeyId}`], ['POST', `/api/v1/api-keys/${prodKeyId}/rotate`], ['POST', `/api/v1/api-keys/${prodKeyId}/revoke`]] as const) {
      expect((await t.request({ method, url, key: other.key })).status, `${method} ${url}`).toBe(404);
    }
    expect((await create({ name: 'x', environment: 'production', expires_at: '2020-01-01T00:00:00.000Z' })).status).toBe(400);
  });
});

describe('API keys and idempotency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp('sqlite');
  });
  afterAll(() => t.close());

  it('never stores a created key for replay: the replay confirms the key without showing it again', async () => {
    const request = () =>
      t.request({ method: 'POST', url: '/api/v1/api-keys', body: { name: 'once', environment: 'production' }, headers: { 'idempotency-key': 'mint-1' } });
    const first = await request();
    expect(first.status, show(first)).toBe(201);
    const key = first.body.data.key as string;
    const replay = await request();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.data.id).toBe(first.body.data.id);
    expect(replay.body.data).not.toHaveProperty('key');
    const stored = await t.ctx.db.selectFrom('idempotency_keys').select('response_body').execute();
    expect(JSON.stringify(stored)).not.toContain(key);
  });
});
