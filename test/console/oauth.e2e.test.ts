import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable } from '../browser/browser-support.js';
import { testDialects } from '../dialects.js';
import { consoleHarness } from './console-harness.js';

const dialects = testDialects();

/**
 * An assistant connects by OAuth sign-in, in Chromium: it registers, sends the user to
 * /oauth/authorize, the user signs in on the console's own form, picks the environment and a read
 * scope, the code arrives at the app's loopback receiver, the app exchanges it and uses the token;
 * the owner revokes the app under Connected apps and the token stops working.
 */
describe.skipIf(!chromiumAvailable()).each(dialects)('OAuth sign-in in Chromium [%s]', (dialect) => {
  const h = consoleHarness(dialect, { screenshots: dialect === dialects[0] });
  let receiver: http.Server;
  let redirectUri = '';
  const received: URL[] = [];

  beforeAll(async () => {
    receiver = http.createServer((request, response) => {
      received.push(new URL(request.url ?? '/', redirectUri));
      response.writeHead(200, { 'content-type': 'text/plain' }).end('You can close this window.');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    redirectUri = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/callback`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  /** A user with a password, set through the console's API as the account page sets it. */
  const userWithPassword = async (role: 'owner' | 'developer' | 'viewer', password: string) => {
    const { email, link } = h.cliUser(role);
    const origin = { origin: h.server.url, 'content-type': 'application/json' };
    const signIn = await fetch(`${h.server.url}/console/api/session/link`, { method: 'POST', headers: origin, body: JSON.stringify({ token: link.split('/').pop() }) });
    expect(signIn.status).toBe(200);
    const cookie = /lectern_session=[^;]+/.exec(signIn.headers.get('set-cookie') ?? '')![0];
    const csrf = ((await signIn.json()) as { data: { csrf_token: string } }).data.csrf_token;
    const set = await fetch(`${h.server.url}/console/api/password`, { method: 'PUT', headers: { ...origin, cookie, 'x-csrf-token': csrf }, body: JSON.stringify({ password }) });
    expect(set.status, await set.clone().text()).toBeLessThan(300);
    return { email, link };
  };

  const mcpCall = (token: string) =>
    fetch(`${h.server.url}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });

  it('registers, signs in, consents, exchanges the code, uses the token, and is revoked in the console', async () => {
    const password = `correct horse ${randomBytes(4).toString('hex')}`;
    const developer = await userWithPassword('developer', password);

    const registered = await fetch(`${h.server.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Claude Desktop (test)', redirect_uris: [redirectUri] }),
    });
    expect(registered.status).toBe(201);
    const { client_id: clientId } = (await registered.json()) as { client_id: string };

    const verifier = randomBytes(32).toString('base64url');
    const authorize = new URL('/oauth/authorize', h.server.url);
    for (const [name, value] of Object.entries({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: redirectUri,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 'st4te',
      scope: 'courses:read courses:write',
      resource: `${h.server.url}/mcp`,
    })) {
      authorize.searchParams.set(name, value);
    }

    // Not signed in: the console's own sign-in form first, then the consent.
    const page = await h.newPage();
    await page.goto(authorize.toString());
    await page.getByRole('heading', { name: 'Sign in to the Lectern console' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(developer.email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Connect Claude Desktop (test) to Lectern' }).waitFor();
    await h.shoot(page, 'oauth-consent');
    await page.getByLabel('Environment').selectOption('production');
    // Pre-ticked from the request; the user keeps the read scope only.
    expect(await page.getByRole('checkbox', { name: 'courses:write' }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: 'courses:write' }).uncheck();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL((url) => url.toString().startsWith(redirectUri));
    // The redirect itself, not the /favicon.ico the browser may ask the receiver for after it.
    const callback = received.filter((url) => url.pathname === '/callback').at(-1)!;
    expect(callback.searchParams.get('state')).toBe('st4te');
    const code = callback.searchParams.get('code')!;
    expect(code).toBeTruthy();

    const exchanged = await fetch(`${h.server.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', client_id: clientId, code, code_verifier: verifier, redirect_uri: redirectUri }).toString(),
    });
    expect(exchanged.status).toBe(200);
    const tokens = (await exchanged.json()) as { access_token: string; refresh_token: string; scope: string };
    expect(tokens.scope).toBe('courses:read');
    h.secrets.push(tokens.access_token, tokens.refresh_token, code);

    // The token is for /mcp; the REST API takes keys only.
    const before = await mcpCall(tokens.access_token);
    expect(before.status, await before.clone().text()).toBe(200);
    expect(await before.text()).toContain('list_courses');
    expect((await h.api(tokens.access_token, '/courses')).status).toBe(401);

    // The owner sees the app under Connected apps and revokes it.
    const owner = await h.signedInPage(h.cliUser('owner').link);
    const row = owner.getByRole('row', { name: /Claude Desktop \(test\)/ });
    await row.waitFor();
    expect(await row.textContent()).toContain(developer.email);
    expect(await row.textContent()).toContain('courses:read');
    await h.shoot(owner, 'oauth-connected-apps');
    await owner.getByRole('button', { name: 'Revoke Claude Desktop (test)' }).click();
    await owner.getByText('No connected apps in this environment.').waitFor();

    expect((await mcpCall(tokens.access_token)).status).toBe(401);
    const refreshed = await fetch(`${h.server.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }).toString(),
    });
    expect(refreshed.status).toBe(400);
    expect(((await refreshed.json()) as { error: string }).error).toBe('invalid_grant');
    expect(h.alerts).toEqual([]);
  }, 120_000);
});
