import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/modules/users/users.service.js';
import { testDialects } from '../dialects.js';
import { setupApp, show, type TestApp, type TestResponse } from '../harness.js';

/** A signed-in console browser: its cookie and CSRF token. */
interface Browser {
  cookie: string;
  csrf: string;
}

const cookieOf = (response: TestResponse): string => {
  const header = response.headers['set-cookie'];
  const first = (Array.isArray(header) ? header[0] : header) ?? '';
  return first.split(';')[0]!;
};

describe.each(testDialects())('console sign-in and sessions [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp(dialect);
  });
  afterAll(() => t.close());

  const consoleRequest = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, browser?: Browser, body?: unknown, headers: Record<string, string> = {}) =>
    t.request({
      method,
      url,
      key: null,
      ...(body !== undefined ? { body } : {}),
      headers: { ...(browser ? { cookie: browser.cookie, 'x-csrf-token': browser.csrf } : {}), ...headers },
    });

  const newUser = async (role: 'owner' | 'developer' | 'viewer', accountId = t.accountId) =>
    createUser(t.ctx, { accountId, email: `${role}-${Math.random().toString(36).slice(2)}@school.example`, role });

  const signIn = async (token: string, headers: Record<string, string> = {}): Promise<Browser> => {
    const response = await consoleRequest('POST', '/console/api/session/link', undefined, { token }, headers);
    expect(response.status, show(response)).toBe(200);
    return { cookie: cookieOf(response), csrf: response.body.data.csrf_token };
  };

  it('signs in once with the link, into an HttpOnly, SameSite=Lax cookie for /console', async () => {
    const { signInToken, user } = await newUser('owner');
    const response = await consoleRequest('POST', '/console/api/session/link', undefined, { token: signInToken });
    expect(response.status, show(response)).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^lectern_session=[\w-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/console');
    expect(setCookie, 'plain HTTP outside production').not.toContain('Secure');
    expect(response.body.data.user).toMatchObject({ id: user.id, role: 'owner', account_id: t.accountId });
    expect(response.text).not.toContain('password_hash');
    const browser = { cookie: cookieOf(response), csrf: response.body.data.csrf_token };
    expect((await consoleRequest('GET', '/console/api/session', browser)).status).toBe(200);
    // The session id is stored hashed only.
    const stored = JSON.stringify(await t.ctx.db.selectFrom('user_sessions').selectAll().execute());
    expect(stored).not.toContain(browser.cookie.split('=')[1]);

    const again = await consoleRequest('POST', '/console/api/session/link', undefined, { token: signInToken });
    expect(again.status, 'a link works once').toBe(401);
    expect(again.body.error.code).toBe('invalid_credentials');
    expect((await consoleRequest('GET', '/console/api/session')).status, 'no cookie').toBe(401);
  });

  it('never keeps a session id set before sign-in (fixation)', async () => {
    const planted = 'lectern_session=attacker-chosen-value-0000000000000000000000000';
    const { signInToken } = await newUser('developer');
    const response = await consoleRequest('POST', '/console/api/session/link', undefined, { token: signInToken }, { cookie: planted });
    expect(response.status).toBe(200);
    expect(cookieOf(response)).not.toBe(planted);
    expect((await consoleRequest('GET', '/console/api/session', undefined, undefined, { cookie: planted })).status).toBe(401);
    // And an earlier real session of the browser ends when another sign-in replaces it.
    const first = await signIn((await newUser('developer')).signInToken);
    const second = await signIn((await newUser('developer')).signInToken, { cookie: first.cookie });
    expect(second.cookie).not.toBe(first.cookie);
    expect((await consoleRequest('GET', '/console/api/session', first)).status).toBe(401);
  });

  it('refuses state changes without the CSRF token or from another site', async () => {
    const browser = await signIn((await newUser('owner')).signInToken);
    const url = '/console/api/environments/production/api-keys';
    const noToken = await consoleRequest('POST', url, { ...browser, csrf: '' }, { name: 'x' });
    expect(noToken.status, show(noToken)).toBe(403);
    expect(noToken.body.error.code).toBe('csrf_failed');
    const crossSite = await consoleRequest('POST', url, browser, { name: 'x' }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    const form = await t.request({
      method: 'POST',
      url,
      key: null,
      payload: 'name=pwned',
      headers: { cookie: browser.cookie, 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    });
    expect(form.status, show(form)).toBe(403);
    expect(form.body.error.code).toBe('csrf_failed');
    const ok = await consoleRequest('POST', url, browser, { name: 'from the console' }, { origin: 'http://localhost:80' });
    expect(ok.status, show(ok)).toBe(201);
    const keys = await t.request({ url: '/api/v1/api-keys?per_page=100' });
    expect(keys.body.data.filter((k: { name: string }) => k.name === 'pwned')).toEqual([]);
  });

  it('manages keys with the API\'s rules: a created key works, a revoked one answers 401; a viewer only reads', async () => {
    const owner = await signIn((await newUser('owner')).signInToken);
    const created = await consoleRequest('POST', '/console/api/environments/development/api-keys', owner, { name: 'Console key', scopes: ['courses:read'] });
    expect(created.status, show(created)).toBe(201);
    const { id, key } = created.body.data;
    expect(key).toMatch(/^lct_dev_/);
    expect((await t.request({ url: '/api/v1/courses', key })).status).toBe(200);
    const rotated = await consoleRequest('POST', `/console/api/environments/development/api-keys/${id}/rotate`, owner, { grace_period_seconds: 0 });
    expect(rotated.status, show(rotated)).toBe(200);
    expect((await t.request({ url: '/api/v1/courses', key })).status).toBe(401);
    expect((await t.request({ url: '/api/v1/courses', key: rotated.body.data.key })).status).toBe(200);
    expect((await consoleRequest('POST', `/console/api/environments/development/api-keys/${id}/revoke`, owner)).status).toBe(200);
    expect((await t.request({ url: '/api/v1/courses', key: rotated.body.data.key })).status).toBe(401);
    // The key belongs to development: production's page does not know it.
    expect((await consoleRequest('POST', `/console/api/environments/production/api-keys/${id}/revoke`, owner)).status).toBe(404);

    const viewer = await signIn((await newUser('viewer')).signInToken);
    const refused = await consoleRequest('POST', '/console/api/environments/production/api-keys', viewer, { name: 'nope' });
    expect(refused.status, show(refused)).toBe(403);
    expect(refused.body.error.code).toBe('insufficient_permissions');
    const list = await consoleRequest('GET', '/console/api/environments/development/api-keys', viewer);
    expect(list.status).toBe(200);
    expect(list.body.data.map((k: { id: string }) => k.id)).toContain(id);
  });

  it('shows a user of another account nothing of this one', async () => {
    const mine = await signIn((await newUser('owner')).signInToken);
    const keyId = (await consoleRequest('POST', '/console/api/environments/production/api-keys', mine, { name: 'mine' })).body.data.id;
    const failed = await t.request({ url: '/api/v1/courses/crs_nope' });
    const other = await t.newKey();
    const stranger = await signIn((await newUser('owner', other.accountId)).signInToken);
    const env = '/console/api/environments/production';
    const list = await consoleRequest('GET', `${env}/api-keys`, stranger);
    expect(list.body.data.map((k: { id: string }) => k.id)).toEqual([other.keyId]);
    for (const action of ['rotate', 'revoke']) expect((await consoleRequest('POST', `${env}/api-keys/${keyId}/${action}`, stranger)).status).toBe(404);
    expect((await consoleRequest('GET', `${env}/rate-limits?key_id=${keyId}`, stranger)).status).toBe(404);
    expect((await consoleRequest('GET', `${env}/usage?key_id=${keyId}`, stranger)).status).toBe(404);
    const logs = await consoleRequest('GET', `${env}/request-logs?request_id=${failed.body.error.request_id}`, stranger);
    expect(logs.body.data).toEqual([]);
    expect((await consoleRequest('GET', `${env}/request-logs?request_id=${failed.body.error.request_id}`, mine)).body.data).toHaveLength(1);
    // A console session is no API key.
    expect((await t.request({ url: '/api/v1/courses', key: null, headers: { cookie: mine.cookie } })).status).toBe(401);
  });

  it('sets a password, signs in with it, throttles guessing, and signs out everywhere', async () => {
    const { signInToken, user } = await newUser('developer');
    const first = await signIn(signInToken);
    expect((await consoleRequest('PUT', '/console/api/password', first, { password: 'short' })).status).toBe(400);
    expect((await consoleRequest('PUT', '/console/api/password', first, { password: 'correct horse battery staple' })).status).toBe(200);
    const withPassword = await consoleRequest('POST', '/console/api/session', undefined, { email: user.email.toUpperCase(), password: 'correct horse battery staple' });
    expect(withPassword.status, show(withPassword)).toBe(200);
    const second = { cookie: cookieOf(withPassword), csrf: withPassword.body.data.csrf_token };
    expect(second.cookie).not.toBe(first.cookie);

    const out = await consoleRequest('POST', '/console/api/session/sign-out-everywhere', second);
    expect(out.status, show(out)).toBe(200);
    expect((await consoleRequest('GET', '/console/api/session', first)).status).toBe(401);
    expect((await consoleRequest('GET', '/console/api/session', second)).status).toBe(401);

    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const attempt = await t.request({ method: 'POST', url: '/console/api/session/link', key: null, body: { token: `guess-${i}` }, remoteAddress: '203.0.113.9' });
      statuses.push(attempt.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
    const blocked = await t.request({ method: 'POST', url: '/console/api/session', key: null, body: { email: user.email, password: 'correct horse battery staple' }, remoteAddress: '203.0.113.9' });
    expect(blocked.status, 'the address is blocked for the minute').toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('marks the cookie Secure over HTTPS (behind a trusted proxy)', async () => {
    const secure = await setupApp(dialect, { config: { trustProxy: true } });
    try {
      const token = (await createUser(secure.ctx, { accountId: secure.accountId, email: 'secure@school.example', role: 'viewer' })).signInToken;
      const response = await secure.request({ method: 'POST', url: '/console/api/session/link', key: null, body: { token }, headers: { 'x-forwarded-proto': 'https' } });
      expect(response.status, show(response)).toBe(200);
      expect(String(response.headers['set-cookie'])).toContain('Secure');
    } finally {
      await secure.close();
    }
  });

});
