import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeKey } from '../../src/modules/api-keys/api-keys.repository.js';
import { testDialects } from '../dialects.js';
import { createCourse, setupApp, show, type TestApp } from '../harness.js';

describe.each(testDialects())('authentication and scopes [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp(dialect);
  });
  afterAll(() => t.close());

  it('accepts the key as Authorization: Bearer and as X-API-Key', async () => {
    const bearer = await t.request({ url: '/api/v1/courses' });
    expect(bearer.status, show(bearer)).toBe(200);
    const header = await t.request({ url: '/api/v1/courses', key: null, headers: { 'x-api-key': t.key } });
    expect(header.status, show(header)).toBe(200);
    expect(header.body).toHaveProperty('data');
    expect(header.body).toHaveProperty('pagination');
  });

  it('answers 401 missing_api_key without a key', async () => {
    const response = await t.request({ url: '/api/v1/courses', key: null });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('missing_api_key');
    expect(response.body.error.request_id).toBe(response.headers['x-request-id']);
  });

  it('answers 401 invalid_api_key for malformed, unknown and wrongly-marked keys alike', async () => {
    const tampered = t.key.replace('lct_prod_', 'lct_dev_');
    for (const key of ['nonsense', 'lct_prod_short', `lct_prod_${'x'.repeat(40)}`, tampered]) {
      const response = await t.request({ url: '/api/v1/courses', key });
      expect(response.status, key).toBe(401);
      expect(response.body.error.code).toBe('invalid_api_key');
    }
    const badScheme = await t.request({ url: '/api/v1/courses', key: null, headers: { authorization: `Basic ${t.key}` } });
    expect(badScheme.body.error.code).toBe('invalid_api_key');
  });

  it('answers 400 conflicting_credentials when both headers carry different keys', async () => {
    const other = await t.newKey();
    const response = await t.request({ url: '/api/v1/courses', headers: { 'x-api-key': other.key } });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('conflicting_credentials');
    const same = await t.request({ url: '/api/v1/courses', headers: { 'x-api-key': t.key } });
    expect(same.status).toBe(200);
  });

  it('refuses a revoked key on the next request', async () => {
    const { key, keyId, accountId } = await t.newKey();
    expect((await t.request({ url: '/api/v1/courses', key })).status).toBe(200);
    await revokeKey(t.ctx.db, accountId, keyId, new Date(t.clock.now()).toISOString());
    const response = await t.request({ url: '/api/v1/courses', key });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('invalid_api_key');
  });

  it('throttles failed authentications of an address, never a valid key from it (a school behind NAT)', async () => {
    const school = '198.51.100.20';
    const stranger = `lct_prod_${'s'.repeat(40)}`;
    const { key: revoked, keyId, accountId } = await t.newKey();
    await revokeKey(t.ctx.db, accountId, keyId, new Date(t.clock.now()).toISOString());
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await t.request({ url: '/api/v1/courses', key: stranger, remoteAddress: school })).status);
    expect(statuses).toEqual([...Array(20).fill(401), ...Array(5).fill(429)]);
    t.clock.advance(5_000);
    // The school's own key passes, request after request, while the address is throttled...
    for (let i = 0; i < 3; i++) {
      const valid = await t.request({ url: '/api/v1/courses', remoteAddress: school });
      expect(valid.status, show(valid)).toBe(200);
    }
    // ...without resetting the count: whatever does not authenticate is still refused.
    for (const key of [stranger, revoked, null]) {
      const refused = await t.request({ url: '/api/v1/courses', key, remoteAddress: school });
      expect(refused.status, show(refused)).toBe(429);
      expect(refused.body.error).toMatchObject({ code: 'rate_limit_exceeded', details: { limit: 'auth_failures' } });
    }
    // Once the minute has passed, a failure is a 401 again.
    t.clock.advance(55_000);
    expect((await t.request({ url: '/api/v1/courses', key: stranger, remoteAddress: school })).status).toBe(401);
  });

  it('reads the key of each request on a keep-alive connection, whatever the requests before it sent', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string, headers: Record<string, string>) =>
      new Promise<{ status: number; reused: boolean; body: any }>((resolve, reject) => {
        const req = http.get(`${address}/api/v1${path}`, { agent, headers }, (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket, body: JSON.parse(text) }));
        });
        req.on('error', reject);
      });
    try {
      const mine = await t.newKey();
      const other = await t.newKey();
      const course = await createCourse(t, { title: 'Mine' }, mine.key);
      const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
      expect((await get(`/courses/${course.id}`, bearer(mine.key))).status).toBe(200);
      // The same connection, another key: another workspace, so the course is not found.
      const asOther = await get(`/courses/${course.id}`, bearer(other.key));
      expect(asOther.reused).toBe(true);
      expect(asOther.status).toBe(404);
      const tampered = await get(`/courses/${course.id}`, bearer(`${mine.key.slice(0, -1)}${mine.key.endsWith('a') ? 'b' : 'a'}`));
      expect([tampered.reused, tampered.status, tampered.body.error.code]).toEqual([true, 401, 'invalid_api_key']);
      const both = await get(`/courses/${course.id}`, { ...bearer(mine.key), 'x-api-key': other.key });
      expect([both.reused, both.status, both.body.error.code]).toEqual([true, 400, 'conflicting_credentials']);
      expect((await get(`/courses/${course.id}`, bearer(mine.key))).status).toBe(200);
      await revokeKey(t.ctx.db, mine.accountId, mine.keyId, new Date(t.clock.now()).toISOString());
      const revoked = await get(`/courses/${course.id}`, bearer(mine.key));
      expect([revoked.reused, revoked.status, revoked.body.error.code]).toEqual([true, 401, 'invalid_api_key']);
    } finally {
      agent.destroy();
    }
  });

  it('refuses an expired key', async () => {
    const { createKey } = await import('../../src/modules/api-keys/api-keys.service.js');
    const soon = new Date(t.clock.now() + 60_000).toISOString();
    const { key } = await createKey(t.ctx, { accountId: t.accountId, environment: 'production', name: 'short-lived', expiresAt: soon });
    expect((await t.request({ url: '/api/v1/courses', key })).status).toBe(200);
    t.clock.advance(61_000);
    const response = await t.request({ url: '/api/v1/courses', key });
    expect(response.body.error?.code).toBe('invalid_api_key');
  });

  it('keeps environments apart: a development key never sees production data', async () => {
    const course = await createCourse(t, { title: 'Production only' });
    const dev = await t.newKey({ accountId: t.accountId, environment: 'development' });
    expect(dev.key.startsWith('lct_dev_')).toBe(true);
    const read = await t.request({ url: `/api/v1/courses/${course.id}`, key: dev.key });
    expect(read.status, show(read)).toBe(404);
    const list = await t.request({ url: '/api/v1/courses', key: dev.key });
    expect(list.body.data.map((c: { id: string }) => c.id)).not.toContain(course.id);
    const staging = await t.newKey({ accountId: t.accountId, environment: 'staging' });
    expect(staging.key.startsWith('lct_stg_')).toBe(true);
  });

  it('answers 403 plan_not_eligible to a starter-plan key', async () => {
    const { key } = await t.newKey({ plan: 'starter' });
    const response = await t.request({ url: '/api/v1/courses', key });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('plan_not_eligible');
  });

  it('answers 403 insufficient_permissions to a read-only key that writes, naming the scope', async () => {
    const { key } = await t.newKey({ accountId: t.accountId, scopes: ['courses:read'] });
    expect((await t.request({ url: '/api/v1/courses', key })).status).toBe(200);
    const write = await t.request({ method: 'POST', url: '/api/v1/courses', key, body: { title: 'Nope' } });
    expect(write.status).toBe(403);
    expect(write.body.error).toMatchObject({ code: 'insufficient_permissions', details: { required_scope: 'courses:write' } });
    const list = await t.request({ url: '/api/v1/courses?per_page=100' });
    expect(list.body.data.map((c: { title: string }) => c.title)).not.toContain('Nope');
  });

  it('lets a write scope read, and refuses a key scoped to something else', async () => {
    const writer = await t.newKey({ accountId: t.accountId, scopes: ['courses:write'] });
    expect((await t.request({ url: '/api/v1/courses', key: writer.key })).status).toBe(200);
    const students = await t.newKey({ accountId: t.accountId, scopes: ['students:read'] });
    const response = await t.request({ url: '/api/v1/courses', key: students.key });
    expect(response.body.error.details.required_scope).toBe('courses:read');
  });

  it('authenticates before reading the body: no key and a bad body is 401, not 400', async () => {
    const response = await t.request({ method: 'POST', url: '/api/v1/courses', key: null, payload: '{oops', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(401);
  });

  it('stores only a hash of each key', async () => {
    const rows = await t.ctx.db.selectFrom('api_key_secrets').select(['hash']).execute();
    const keys = await t.ctx.db.selectFrom('api_keys').select(['key_start', 'key_end', 'scopes']).execute();
    const everything = JSON.stringify([rows, keys]);
    expect(everything).not.toContain(t.key);
    expect(everything).not.toContain(t.key.slice(9, 30));
  });
});

describe('HTTPS in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp('sqlite', { config: { production: true, trustProxy: true } });
  });
  afterAll(() => t.close());

  it('refuses plain HTTP with 403 https_required and accepts a trusted X-Forwarded-Proto: https', async () => {
    const plain = await t.request({ url: '/api/v1/courses' });
    expect(plain.status).toBe(403);
    expect(plain.body.error.code).toBe('https_required');
    const proxied = await t.request({ url: '/api/v1/courses', headers: { 'x-forwarded-proto': 'https' } });
    expect(proxied.status, show(proxied)).toBe(200);
  });
});

describe('HTTPS in production behind an untrusted peer', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Only 10.9.9.9 is a trusted proxy; test requests come from 127.0.0.1.
    t = await setupApp('sqlite', { config: { production: true, trustProxy: '10.9.9.9' } });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-Proto from an address that is not a trusted proxy', async () => {
    const response = await t.request({ url: '/api/v1/courses', headers: { 'x-forwarded-proto': 'https' } });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('https_required');
  });
});
