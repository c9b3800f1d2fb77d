import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticateOAuthToken } from '../../src/modules/oauth/oauth.service.js';
import { createUser } from '../../src/modules/users/users.service.js';
import { testDialects } from '../dialects.js';
import { setupApp, show, type TestApp, type TestResponse } from '../harness.js';

interface Browser {
  cookie: string;
  csrf: string;
}

const REDIRECT = 'http://127.0.0.1:7777/callback';
const query = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const verifier = () => randomBytes(32).toString('base64url');
const challengeOf = (v: string) => createHash('sha256').update(v).digest('base64url');
const cookieOf = (response: TestResponse): string => {
  const header = response.headers['set-cookie'];
  return ((Array.isArray(header) ? header[0] : header) ?? '').split(';')[0]!;
};

describe.each(testDialects())('OAuth authorization server [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp(dialect);
  });
  afterAll(() => t.close());

  const form = (url: string, fields: Record<string, string>) =>
    t.request({ method: 'POST', url, key: null, payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const consoleRequest = (method: 'GET' | 'POST', url: string, browser: Browser, body?: unknown) =>
    t.request({ method, url, key: null, ...(body !== undefined ? { body } : {}), headers: { cookie: browser.cookie, 'x-csrf-token': browser.csrf } });

  const signIn = async (role: 'owner' | 'developer' | 'viewer', accountId = t.accountId): Promise<Browser> => {
    const { signInToken } = await createUser(t.ctx, { accountId, email: `${role}-${Math.random().toString(36).slice(2)}@school.example`, role });
    const response = await t.request({ method: 'POST', url: '/console/api/session/link', key: null, body: { token: signInToken } });
    expect(response.status, show(response)).toBe(200);
    return { cookie: cookieOf(response), csrf: response.body.data.csrf_token };
  };

  const register = async (uris = [REDIRECT]) => {
    const response = await t.request({ method: 'POST', url: '/oauth/register', key: null, body: { client_name: 'Test assistant', redirect_uris: uris } });
    expect(response.status, show(response)).toBe(201);
    return response.body.client_id as string;
  };

  const authorizeRequest = (clientId: string, v: string, extra: Record<string, string> = {}) => ({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: challengeOf(v),
    code_challenge_method: 'S256',
    state: 'xyz',
    scope: 'courses:read',
    ...extra,
  });

  /** Consents as `browser` and answers the code. */
  const consent = async (browser: Browser, clientId: string, v: string, scopes = ['courses:read'], environment = 'production') => {
    const response = await consoleRequest('POST', '/console/api/oauth/authorize', browser, { request: authorizeRequest(clientId, v), approve: true, environment, scopes });
    expect(response.status, show(response)).toBe(200);
    const url = new URL(response.body.data.redirect_to);
    expect(url.origin + url.pathname).toBe(REDIRECT);
    expect(url.searchParams.get('state')).toBe('xyz');
    return url.searchParams.get('code')!;
  };

  const exchange = (clientId: string, code: string, v: string, redirect = REDIRECT) =>
    form('/oauth/token', { grant_type: 'authorization_code', client_id: clientId, code, code_verifier: v, redirect_uri: redirect });

  const tokens = async (browser: Browser, scopes = ['courses:read']) => {
    const clientId = await register();
    const v = verifier();
    const response = await exchange(clientId, await consent(browser, clientId, v, scopes), v);
    expect(response.status, show(response)).toBe(200);
    return { clientId, ...(response.body as { access_token: string; refresh_token: string; scope: string; expires_in: number }) };
  };

  it('publishes RFC 8414 metadata', async () => {
    const response = await t.request({ url: '/.well-known/oauth-authorization-server', key: null });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      issuer: 'http://localhost:80',
      token_endpoint: 'http://localhost:80/oauth/token',
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
    });
    expect(response.body.scopes_supported).toContain('courses:read');
  });

  it('registers clients with https or loopback redirect URIs only', async () => {
    await register(['https://app.example/cb', 'http://localhost:3000/cb']);
    for (const bad of [['http://app.example/cb'], ['https://app.example/cb#frag'], [], ['javascript:alert(1)']]) {
      const response = await t.request({ method: 'POST', url: '/oauth/register', key: null, body: { client_name: 'x', redirect_uris: bad } });
      expect(response.status, show(response)).toBe(400);
      expect(response.body.error).toBe('invalid_redirect_uri');
    }
  });

  it('throttles registrations per address', async () => {
    let last: TestResponse | undefined;
    for (let i = 0; i < 25; i++) {
      last = await t.request({ method: 'POST', url: '/oauth/register', key: null, remoteAddress: '203.0.113.9', body: { redirect_uris: [REDIRECT] } });
    }
    expect(last!.status).toBe(429);
  });

  it('authorizes only an exact registered redirect URI, and PKCE S256 only', async () => {
    const clientId = await register();
    const v = verifier();
    const ok = await t.request({ url: `/oauth/authorize?${query(authorizeRequest(clientId, v))}`, key: null });
    expect(ok.status).toBe(302);
    expect(ok.headers.location).toMatch(/^\/console\/#\/authorize\?/);
    for (const redirect of [`${REDIRECT}/x`, 'http://127.0.0.1:7777/callback?a=1', 'https://evil.example/cb']) {
      const bad = await t.request({ url: `/oauth/authorize?${query(authorizeRequest(clientId, v, { redirect_uri: redirect }))}`, key: null });
      expect(bad.status, redirect).toBe(400);
      expect(bad.headers.location).toBeUndefined();
      expect(bad.headers['content-type']).toContain('text/html');
    }
    const unknown = await t.request({ url: `/oauth/authorize?${query(authorizeRequest('oac_nope', v))}`, key: null });
    expect(unknown.status).toBe(400);
    const plain = await t.request({ url: `/oauth/authorize?${query(authorizeRequest(clientId, v, { code_challenge_method: 'plain' }))}`, key: null });
    expect(plain.status).toBe(302);
    expect(new URL(String(plain.headers.location)).searchParams.get('error')).toBe('invalid_request');
    const resource = await t.request({ url: `/oauth/authorize?${query(authorizeRequest(clientId, v, { resource: 'https://other.example/mcp' }))}`, key: null });
    expect(new URL(String(resource.headers.location)).searchParams.get('error')).toBe('invalid_target');
  });

  it('consent needs a session and the CSRF token; Deny answers access_denied', async () => {
    const browser = await signIn('developer');
    const clientId = await register();
    const v = verifier();
    const body = { request: authorizeRequest(clientId, v), approve: true, environment: 'production', scopes: ['courses:read'] };
    expect((await t.request({ method: 'POST', url: '/console/api/oauth/authorize', key: null, body })).status).toBe(401);
    const noCsrf = await t.request({ method: 'POST', url: '/console/api/oauth/authorize', key: null, body, headers: { cookie: browser.cookie } });
    expect(noCsrf.status).toBe(403);
    const shown = await consoleRequest('GET', `/console/api/oauth/authorize?${query(authorizeRequest(clientId, v))}`, browser);
    expect(shown.body.data).toMatchObject({ client: { client_id: clientId, name: 'Test assistant' }, requested_scopes: ['courses:read'] });
    const denied = await consoleRequest('POST', '/console/api/oauth/authorize', browser, { ...body, approve: false });
    const url = new URL(denied.body.data.redirect_to);
    expect(url.searchParams.get('error')).toBe('access_denied');
    expect(url.searchParams.get('code')).toBeNull();
  });

  it('a viewer grants read scopes only', async () => {
    const viewer = await signIn('viewer');
    const clientId = await register();
    const v = verifier();
    const refused = await consoleRequest('POST', '/console/api/oauth/authorize', viewer, { request: authorizeRequest(clientId, v), approve: true, environment: 'production', scopes: ['courses:write'] });
    expect(refused.status, show(refused)).toBe(403);
    await consent(viewer, clientId, v, ['courses:read']);
  });

  it('exchanges a code once with the right verifier and redirect URI; a reused code revokes what it issued', async () => {
    const browser = await signIn('owner');
    const clientId = await register();
    const v = verifier();
    const code = await consent(browser, clientId, v);
    expect((await exchange(clientId, code, verifier())).body.error).toBe('invalid_grant');
    expect((await exchange(clientId, code, v, 'http://127.0.0.1:7777/other')).body.error).toBe('invalid_grant');
    const ok = await exchange(clientId, code, v);
    expect(ok.status, show(ok)).toBe(200);
    expect(ok.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'courses:read' });
    expect(ok.body.access_token).toMatch(/^lcto_at_/);
    expect(ok.headers['cache-control']).toBe('no-store');
    expect(await authenticateOAuthToken(t.ctx, ok.body.access_token)).toBeDefined();
    const again = await exchange(clientId, code, v);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
    expect(await authenticateOAuthToken(t.ctx, ok.body.access_token), 'the reused code revoked its tokens').toBeUndefined();
  });

  it('a code expires after 60 s', async () => {
    const browser = await signIn('owner');
    const clientId = await register();
    const v = verifier();
    const code = await consent(browser, clientId, v);
    t.clock.advance(61_000);
    expect((await exchange(clientId, code, v)).body.error).toBe('invalid_grant');
  });

  it('rejects unknown grant types and clients per RFC 6749', async () => {
    expect((await form('/oauth/token', { grant_type: 'password' })).body.error).toBe('unsupported_grant_type');
    expect((await form('/oauth/token', { grant_type: 'authorization_code' })).body.error).toBe('invalid_request');
    const unknown = await form('/oauth/token', { grant_type: 'authorization_code', client_id: 'oac_x', code: 'x', code_verifier: 'y', redirect_uri: REDIRECT });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toBe('invalid_client');
  });

  it('rotates refresh tokens; replaying an old one revokes the family', async () => {
    const browser = await signIn('owner');
    const first = await tokens(browser);
    const second = await form('/oauth/token', { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: first.clientId });
    expect(second.status, show(second)).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    const third = await form('/oauth/token', { grant_type: 'refresh_token', refresh_token: second.body.refresh_token });
    expect(third.status).toBe(200);
    const replay = await form('/oauth/token', { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(replay.body.error).toBe('invalid_grant');
    expect(await authenticateOAuthToken(t.ctx, third.body.access_token)).toBeUndefined();
    expect((await form('/oauth/token', { grant_type: 'refresh_token', refresh_token: third.body.refresh_token })).body.error).toBe('invalid_grant');
  });

  it('revokes by RFC 7009, and unknown tokens answer 200 too', async () => {
    const browser = await signIn('owner');
    const issued = await tokens(browser);
    expect((await form('/oauth/revoke', { token: 'nope' })).status).toBe(200);
    expect((await form('/oauth/revoke', { token: issued.refresh_token })).status).toBe(200);
    expect(await authenticateOAuthToken(t.ctx, issued.access_token)).toBeUndefined();
  });

  it('authenticates access tokens as a principal limited to the consented workspace and scopes', async () => {
    const browser = await signIn('developer');
    const issued = await tokens(browser, ['courses:read', 'analytics:read']);
    const auth = await authenticateOAuthToken(t.ctx, issued.access_token);
    expect(auth).toMatchObject({ accountId: t.accountId, environment: 'production', plan: 'professional' });
    expect([...auth!.scopes].sort()).toEqual(['analytics:read', 'courses:read']);
    expect(await authenticateOAuthToken(t.ctx, issued.refresh_token), 'a refresh token is no access token').toBeUndefined();
    // The REST API takes keys only.
    expect((await t.request({ url: '/api/v1/courses', key: issued.access_token })).status).toBe(401);
    t.clock.advance(3601_000);
    expect(await authenticateOAuthToken(t.ctx, issued.access_token), 'expired after an hour').toBeUndefined();
  });

  it('a tool call outside the scopes of the token answers 403 insufficient_scope naming the scope, and changes nothing', async () => {
    const browser = await signIn('developer');
    const issued = await tokens(browser, ['courses:read']);
    const call = (name: string, args: Record<string, unknown>) =>
      t.request({
        method: 'POST',
        url: '/mcp',
        key: null,
        body: { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: args } },
        headers: { authorization: `Bearer ${issued.access_token}`, accept: 'application/json, text/event-stream' },
      });
    const before = (await t.request({ url: '/api/v1/courses' })).body.total;
    const refused = await call('create_course_outline', { title: 'Step-up', modules: [] });
    expect(refused.status, show(refused)).toBe(403);
    expect(refused.headers['www-authenticate']).toMatch(/^Bearer error="insufficient_scope", scope="courses:write", resource_metadata="[^"]+\/\.well-known\/oauth-protected-resource\/mcp"/);
    expect(refused.body).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32600 } });
    expect((await t.request({ url: '/api/v1/courses' })).body.total).toBe(before);
    // A tool inside the scopes is served.
    const served = await call('list_courses', { limit: 1 });
    expect(served.status, show(served)).toBe(200);
  });

  it('lists grants in the console per workspace; a viewer cannot revoke; another account sees nothing', async () => {
    const owner = await signIn('owner');
    const issued = await tokens(owner, ['courses:read']);
    const auth = await authenticateOAuthToken(t.ctx, issued.access_token);
    const list = await consoleRequest('GET', '/console/api/environments/production/oauth-grants', owner);
    const grant = list.body.data.find((g: { id: string }) => g.id === auth!.keyId);
    expect(grant).toMatchObject({ client_name: 'Test assistant', scopes: ['courses:read'] });
    const dev = await consoleRequest('GET', '/console/api/environments/development/oauth-grants', owner);
    expect(dev.body.data.find((g: { id: string }) => g.id === auth!.keyId)).toBeUndefined();
    const other = await t.newKey();
    const stranger = await signIn('owner', other.accountId);
    expect((await consoleRequest('GET', '/console/api/environments/production/oauth-grants', stranger)).body.data).toEqual([]);
    expect((await consoleRequest('POST', `/console/api/environments/production/oauth-grants/${auth!.keyId}/revoke`, stranger)).status).toBe(404);
    const viewer = await signIn('viewer');
    expect((await consoleRequest('POST', `/console/api/environments/production/oauth-grants/${auth!.keyId}/revoke`, viewer)).status).toBe(403);
    const revoked = await consoleRequest('POST', `/console/api/environments/production/oauth-grants/${auth!.keyId}/revoke`, owner);
    expect(revoked.status, show(revoked)).toBe(200);
    expect(await authenticateOAuthToken(t.ctx, issued.access_token)).toBeUndefined();
  });
});
