import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import type { UserRole } from '../../src/db/types.js';
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

/** The token of a sign-in link (it travels in the fragment). */
const tokenOf = (url: string): string => /\/console\/#\/sign-in\/([\w-]{43})$/.exec(url)?.[1] ?? `no token in ${url}`;

const PASSWORD = 'correct horse battery staple';
const HOUR = 3_600_000;

describe.each(testDialects())('console users, password change and per-account throttling [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp(dialect);
  });
  afterAll(() => t.close());

  const consoleRequest = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    browser?: Browser,
    body?: unknown,
    options: { headers?: Record<string, string>; remoteAddress?: string } = {},
  ) =>
    t.request({
      method,
      url,
      key: null,
      ...(body !== undefined ? { body } : {}),
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
      headers: { ...(browser ? { cookie: browser.cookie, 'x-csrf-token': browser.csrf } : {}), ...options.headers },
    });

  let serial = 0;
  const newUser = async (role: UserRole, accountId: string) =>
    createUser(t.ctx, { accountId, email: `${role}-${dialect}-${++serial}@school.example`, role });
  const newAccount = async () => (await t.newKey()).accountId;

  const signIn = async (token: string, remoteAddress?: string): Promise<Browser> => {
    const response = await consoleRequest('POST', '/console/api/session/link', undefined, { token }, remoteAddress ? { remoteAddress } : {});
    expect(response.status, show(response)).toBe(200);
    return { cookie: cookieOf(response), csrf: response.body.data.csrf_token };
  };
  const signInWithPassword = (email: string, password: string, remoteAddress: string) =>
    consoleRequest('POST', '/console/api/session', undefined, { email, password }, { remoteAddress });
  /** A user of the account, signed in with their first link. */
  const signedInUser = async (role: UserRole, accountId: string) => {
    const created = await newUser(role, accountId);
    return { user: created.user, browser: await signIn(created.signInToken) };
  };
  const listUsers = async (owner: Browser) => {
    const response = await consoleRequest('GET', '/console/api/users', owner);
    expect(response.status, show(response)).toBe(200);
    return response.body.data as { id: string; email: string; role: UserRole; sessions: number; [k: string]: unknown }[];
  };
  const alive = async (browser: Browser) => (await consoleRequest('GET', '/console/api/session', browser)).status;

  it("lists the account's users to its owners only, by email, with sessions and last sign-in", async () => {
    const accountId = await newAccount();
    const owner = await signedInUser('owner', accountId);
    const developer = await signedInUser('developer', accountId);
    const viewer = await signedInUser('viewer', accountId);
    const invited = await newUser('viewer', accountId);
    await signIn((await createUser(t.ctx, { accountId, email: `a-second-session-${dialect}@school.example` })).signInToken);
    const stranger = await newUser('developer', await newAccount());

    const users = await listUsers(owner.browser);
    const mine = [owner.user, developer.user, viewer.user, invited.user].map((u) => u.email);
    expect(users.map((u) => u.email)).toEqual([`a-second-session-${dialect}@school.example`, ...mine].sort());
    expect(users.map((u) => u.id)).not.toContain(stranger.user.id);
    const ownerRow = users.find((u) => u.id === owner.user.id)!;
    expect(Object.keys(ownerRow).sort()).toEqual(['created_at', 'email', 'failed_sign_ins', 'has_password', 'id', 'last_sign_in_at', 'role', 'sessions']);
    expect(ownerRow).toEqual({
      id: owner.user.id,
      email: owner.user.email,
      role: 'owner',
      has_password: false,
      created_at: owner.user.created_at,
      sessions: 1,
      last_sign_in_at: new Date(t.clock.now()).toISOString(),
      failed_sign_ins: { count: 0, last_at: null, last_address: null },
    });
    expect(users.find((u) => u.id === invited.user.id)).toMatchObject({ sessions: 0, last_sign_in_at: null });

    // An ended session is not counted; the last sign-in stays.
    await consoleRequest('DELETE', '/console/api/session', developer.browser);
    expect((await listUsers(owner.browser)).find((u) => u.id === developer.user.id)).toMatchObject({ sessions: 0, last_sign_in_at: expect.any(String) });

    for (const browser of [viewer.browser, (await signedInUser('developer', accountId)).browser]) {
      const calls = [
        consoleRequest('GET', '/console/api/users', browser),
        consoleRequest('POST', '/console/api/users', browser, { email: `nope-${dialect}@school.example`, role: 'owner' }),
        consoleRequest('PATCH', `/console/api/users/${viewer.user.id}`, browser, { role: 'owner' }),
        consoleRequest('DELETE', `/console/api/users/${owner.user.id}`, browser),
        consoleRequest('POST', `/console/api/users/${owner.user.id}/sign-in-link`, browser),
        consoleRequest('DELETE', `/console/api/users/${owner.user.id}/sessions`, browser),
      ];
      for (const refused of await Promise.all(calls)) {
        expect(refused.status, show(refused)).toBe(403);
        expect(refused.body.error.code).toBe('insufficient_permissions');
      }
    }
    const after = await listUsers(owner.browser);
    expect(after.find((u) => u.id === viewer.user.id)?.role, 'nothing changed').toBe('viewer');
    expect(after.find((u) => u.id === owner.user.id)?.sessions).toBe(1);
    expect(after.map((u) => u.email)).not.toContain(`nope-${dialect}@school.example`);
    expect((await consoleRequest('GET', '/console/api/users')).status, 'no session').toBe(401);
  });

  it('invites a user with a one-time link on the address the request came to; an existing email is refused', async () => {
    const accountId = await newAccount();
    const owner = await signedInUser('owner', accountId);
    const email = `Invited-${dialect}@School.example`;
    // Without TRUST_PROXY, forwarded headers are not believed: the link is on the request's own Host.
    const headers = { host: 'console.school.example:8443', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    const created = await consoleRequest('POST', '/console/api/users', owner.browser, { email, role: 'viewer' }, { headers });
    expect(created.status, show(created)).toBe(201);
    const { user, sign_in_url, expires_at } = created.body.data;
    expect(Object.keys(created.body.data).sort()).toEqual(['expires_at', 'sign_in_url', 'user']);
    expect(user).toMatchObject({ email: email.toLowerCase(), role: 'viewer', has_password: false, sessions: 0, last_sign_in_at: null, failed_sign_ins: { count: 0, last_at: null, last_address: null } });
    expect(sign_in_url).toMatch(/^http:\/\/console\.school\.example:8443\/console\/#\/sign-in\/[\w-]{43}$/);
    expect(expires_at).toBe(new Date(t.clock.now() + 24 * HOUR).toISOString());
    expect((await listUsers(owner.browser)).map((u) => u.id)).toContain(user.id);

    const invitee = await consoleRequest('POST', '/console/api/session/link', undefined, { token: tokenOf(sign_in_url) });
    expect(invitee.status, show(invitee)).toBe(200);
    expect(invitee.body.data.user).toMatchObject({ id: user.id, role: 'viewer', account_id: accountId });
    expect((await consoleRequest('POST', '/console/api/session/link', undefined, { token: tokenOf(sign_in_url) })).status, 'once only').toBe(401);

    const again = await consoleRequest('POST', '/console/api/users', owner.browser, { email: email.toUpperCase(), role: 'owner' });
    expect(again.status, show(again)).toBe(400);
    expect(again.body.error).toMatchObject({ code: 'invalid_parameter', details: { parameter: 'email' } });
    const badRole = await consoleRequest('POST', '/console/api/users', owner.browser, { email: `x-${dialect}@school.example`, role: 'admin' });
    expect(badRole.status, show(badRole)).toBe(400);
    expect(badRole.body.error.code).toBe('validation_error');
  });

  it('builds console links on PUBLIC_URL when set, before any forwarded address', async () => {
    const config = loadConfig({ PUBLIC_URL: 'https://lectern.school.example/' });
    expect(config.publicUrl, 'the trailing slash dropped').toBe('https://lectern.school.example');
    expect(loadConfig({ PUBLIC_URL: 'http://10.0.0.5:8080/lectern' }).publicUrl).toBe('http://10.0.0.5:8080/lectern');
    expect(loadConfig({}).publicUrl).toBeUndefined();
    for (const bad of ['lectern.school.example', 'ftp://lectern.school.example', 'https://lectern.school.example/?a=1', 'https://lectern.school.example/#x']) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(ConfigError);
    }

    const behindProxy = await setupApp(dialect, { config: { publicUrl: config.publicUrl, trustProxy: true } });
    try {
      const owner = await createUser(behindProxy.ctx, { accountId: behindProxy.accountId, email: 'owner@public.example', role: 'owner' });
      const signedIn = await behindProxy.request({ method: 'POST', url: '/console/api/session/link', key: null, body: { token: owner.signInToken } });
      expect(signedIn.status, show(signedIn)).toBe(200);
      const browser = { cookie: cookieOf(signedIn), 'x-csrf-token': signedIn.body.data.csrf_token, 'x-forwarded-host': 'proxy.example', 'x-forwarded-proto': 'https' };
      const invited = await behindProxy.request({ method: 'POST', url: '/console/api/users', key: null, body: { email: 'dev@public.example', role: 'developer' }, headers: browser });
      expect(invited.status, show(invited)).toBe(201);
      expect(invited.body.data.sign_in_url).toMatch(/^https:\/\/lectern\.school\.example\/console\/#\/sign-in\/[\w-]{43}$/);
      const recovery = await behindProxy.request({ method: 'POST', url: `/console/api/users/${invited.body.data.user.id}/sign-in-link`, key: null, headers: browser });
      expect(recovery.status, show(recovery)).toBe(200);
      expect(recovery.body.data.sign_in_url).toMatch(/^https:\/\/lectern\.school\.example\/console\/#\/sign-in\/[\w-]{43}$/);
    } finally {
      await behindProxy.close();
    }
  });

  it("changes roles; another account's user is not found, exactly as a missing one; the last owner stays", async () => {
    const accountId = await newAccount();
    const owner = await signedInUser('owner', accountId);
    const developer = await signedInUser('developer', accountId);
    const strangerAccount = await newAccount();
    const stranger = await newUser('owner', strangerAccount);

    const promoted = await consoleRequest('PATCH', `/console/api/users/${developer.user.id}`, owner.browser, { role: 'owner' });
    expect(promoted.status, show(promoted)).toBe(200);
    expect(promoted.body.data).toMatchObject({ id: developer.user.id, role: 'owner', sessions: 1 });
    // The role holds at once, in the promoted user's own session.
    expect((await listUsers(developer.browser)).length).toBe(2);
    const demoted = await consoleRequest('PATCH', `/console/api/users/${developer.user.id}`, owner.browser, { role: 'viewer' });
    expect(demoted.body.data.role, show(demoted)).toBe('viewer');
    expect((await consoleRequest('GET', '/console/api/users', developer.browser)).status).toBe(403);

    for (const change of [
      consoleRequest('PATCH', `/console/api/users/${owner.user.id}`, owner.browser, { role: 'developer' }),
      consoleRequest('DELETE', `/console/api/users/${owner.user.id}`, owner.browser),
    ]) {
      const refused = await change;
      expect(refused.status, show(refused)).toBe(409);
      expect(refused.body.error.code).toBe('last_owner');
    }
    expect((await consoleRequest('PATCH', `/console/api/users/${owner.user.id}`, owner.browser, { role: 'owner' })).status, 'owner to owner changes nothing').toBe(200);

    const routes = (id: string) =>
      [
        ['PATCH', `/console/api/users/${id}`, { role: 'viewer' }],
        ['DELETE', `/console/api/users/${id}`, undefined],
        ['POST', `/console/api/users/${id}/sign-in-link`, undefined],
        ['DELETE', `/console/api/users/${id}/sessions`, undefined],
      ] as const;
    for (const id of [stranger.user.id, 'usr_missing']) {
      for (const [method, url, body] of routes(id)) {
        const response = await consoleRequest(method, url, owner.browser, body);
        expect(response.status, `${method} ${url}: ${show(response)}`).toBe(404);
        expect(response.body.error).toMatchObject({ code: 'resource_not_found', message: `User ${id} not found`, details: { resource: 'user', id } });
      }
    }
    const strangerRow = await t.ctx.db.selectFrom('users').select(['role']).where('id', '=', stranger.user.id).executeTakeFirst();
    expect(strangerRow?.role, "another account's user is untouched").toBe('owner');
  });

  it('keeps an owner when two owners demote or remove each other at once', async () => {
    for (let round = 0; round < 4; round++) {
      const accountId = await newAccount();
      const a = await signedInUser('owner', accountId);
      const b = await signedInUser('owner', accountId);
      const [first, second] =
        round % 2 === 0
          ? await Promise.all([
              consoleRequest('PATCH', `/console/api/users/${b.user.id}`, a.browser, { role: 'developer' }),
              consoleRequest('PATCH', `/console/api/users/${a.user.id}`, b.browser, { role: 'developer' }),
            ])
          : await Promise.all([
              consoleRequest('DELETE', `/console/api/users/${b.user.id}`, a.browser),
              consoleRequest('DELETE', `/console/api/users/${a.user.id}`, b.browser),
            ]);
      const statuses = [first.status, second.status].sort();
      // The loser is refused as the last owner, or (when the winner committed before its session
      // was read) as no owner any more, or, when the winner removed it, as signed out (its sessions
      // went with it): never both through.
      expect(statuses[0], `${show(first)}\n${show(second)}`).toBe(200);
      expect(round % 2 === 0 ? [403, 409] : [401, 403, 409]).toContain(statuses[1]);
      const owners = await t.ctx.db.selectFrom('users').select('id').where('account_id', '=', accountId).where('role', '=', 'owner').execute();
      expect(owners, `round ${round}`).toHaveLength(1);
    }
  });

  it("removes a user with their sessions and unused links; issues recovery links; ends a user's sessions", async () => {
    const accountId = await newAccount();
    const owner = await signedInUser('owner', accountId);
    const developer = await signedInUser('developer', accountId);

    const recovery = await consoleRequest('POST', `/console/api/users/${developer.user.id}/sign-in-link`, owner.browser);
    expect(recovery.status, show(recovery)).toBe(200);
    expect(Object.keys(recovery.body.data).sort()).toEqual(['expires_at', 'sign_in_url']);
    expect(recovery.body.data.expires_at).toBe(new Date(t.clock.now() + 24 * HOUR).toISOString());
    const second = await signIn(tokenOf(recovery.body.data.sign_in_url));
    expect((await listUsers(owner.browser)).find((u) => u.id === developer.user.id)?.sessions).toBe(2);

    const ended = await consoleRequest('DELETE', `/console/api/users/${developer.user.id}/sessions`, owner.browser);
    expect(ended.status, show(ended)).toBe(200);
    expect(ended.body.data).toEqual({ sessions: 2 });
    expect(await alive(developer.browser)).toBe(401);
    expect(await alive(second)).toBe(401);
    expect(await alive(owner.browser), "the owner's own session stays").toBe(200);

    const unused = (await consoleRequest('POST', `/console/api/users/${developer.user.id}/sign-in-link`, owner.browser)).body.data.sign_in_url;
    const third = await signIn(tokenOf((await consoleRequest('POST', `/console/api/users/${developer.user.id}/sign-in-link`, owner.browser)).body.data.sign_in_url));
    const removed = await consoleRequest('DELETE', `/console/api/users/${developer.user.id}`, owner.browser);
    expect(removed.status, show(removed)).toBe(200);
    expect(removed.body.data).toEqual({ id: developer.user.id, deleted: true });
    expect(await alive(third), 'their session ended').toBe(401);
    const link = await consoleRequest('POST', '/console/api/session/link', undefined, { token: tokenOf(unused) });
    expect(link.status, `their unused link is dead: ${show(link)}`).toBe(401);
    expect((await listUsers(owner.browser)).map((u) => u.id)).toEqual([owner.user.id]);
    expect((await consoleRequest('DELETE', `/console/api/users/${developer.user.id}`, owner.browser)).status).toBe(404);
    const rows = await t.ctx.db.selectFrom('user_sessions').select('hash').where('user_id', '=', developer.user.id).execute();
    expect(rows).toEqual([]);
  });

  it('changes a password with the current one, or after a one-time link; the other sessions end', async () => {
    const accountId = await newAccount();
    const owner = await signedInUser('owner', accountId);
    const { user, browser: byLink } = await signedInUser('developer', accountId);
    const profile = async (browser: Browser) => (await consoleRequest('GET', '/console/api/session', browser)).body.data;
    expect((await profile(byLink)).password_change_needs_current, 'no password yet').toBe(false);
    const first = await consoleRequest('PUT', '/console/api/password', byLink, { password: PASSWORD });
    expect(first.status, show(first)).toBe(200);
    expect((await profile(byLink)).password_change_needs_current, 'a session opened by a link').toBe(false);

    const signedIn = await signInWithPassword(user.email, PASSWORD, '198.51.100.20');
    expect(signedIn.status, show(signedIn)).toBe(200);
    expect(signedIn.body.data.password_change_needs_current).toBe(true);
    const byPassword = { cookie: cookieOf(signedIn), csrf: signedIn.body.data.csrf_token };

    const missing = await consoleRequest('PUT', '/console/api/password', byPassword, { password: 'a new long passphrase' });
    expect(missing.status, show(missing)).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 'validation_error', details: { errors: [{ path: '/current_password', message: 'is required' }] } });
    const wrong = await consoleRequest('PUT', '/console/api/password', byPassword, { password: 'a new long passphrase', current_password: 'not it at all' }, { remoteAddress: '198.51.100.21' });
    expect(wrong.status, show(wrong)).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: 'validation_error', details: { errors: [{ path: '/current_password', message: 'is not your current password' }] } });
    expect(await alive(byPassword), 'a wrong current password does not end the session').toBe(200);
    expect((await listUsers(owner.browser)).find((u) => u.id === user.id)?.failed_sign_ins, 'it counts as a failed sign-in').toEqual({
      count: 1,
      last_at: new Date(t.clock.now()).toISOString(),
      last_address: '198.51.100.21',
    });

    const changed = await consoleRequest('PUT', '/console/api/password', byPassword, { password: 'a new long passphrase', current_password: PASSWORD });
    expect(changed.status, show(changed)).toBe(200);
    expect(await alive(byPassword)).toBe(200);
    expect(await alive(byLink), 'the other sessions end').toBe(401);

    // A fresh one-time link (an owner's recovery link) lets the user set one without the old.
    const recovery = (await consoleRequest('POST', `/console/api/users/${user.id}/sign-in-link`, owner.browser)).body.data.sign_in_url;
    const recovered = await signIn(tokenOf(recovery));
    expect((await profile(recovered)).password_change_needs_current).toBe(false);
    const reset = await consoleRequest('PUT', '/console/api/password', recovered, { password: 'yet another long passphrase' });
    expect(reset.status, show(reset)).toBe(200);
    expect(await alive(byPassword)).toBe(401);
    expect((await signInWithPassword(user.email, 'a new long passphrase', '198.51.100.22')).status, 'the old password is gone').toBe(401);
  });

  it('throttles password sign-in per account whatever the addresses; a one-time link still signs in; owners see the attempts', async () => {
    const accountId = await newAccount();
    const owner = await signedInUser('owner', accountId);
    const { user, browser } = await signedInUser('viewer', accountId);
    expect((await consoleRequest('PUT', '/console/api/password', browser, { password: PASSWORD })).status).toBe(200);

    // 18 failures from 18 addresses are on record (each guess through HTTP costs a scrypt run: the
    // next two show that guesses are recorded, by email in any case); a second later the 20th.
    const started = t.clock.now();
    const at = new Date(started).toISOString();
    await t.ctx.db.insertInto('sign_in_failures').values(Array.from({ length: 18 }, (_, i) => ({ email: user.email, address: `203.0.113.${i + 1}`, at }))).execute();
    const nineteenth = await signInWithPassword(user.email.toUpperCase(), 'guess 19', '203.0.113.19');
    expect(nineteenth.status, show(nineteenth)).toBe(401);
    t.clock.advance(1_000);
    const twentieth = await signInWithPassword(user.email, 'guess 20', '198.51.100.99');
    expect(twentieth.status, show(twentieth)).toBe(401);
    expect(twentieth.body.error.code).toBe('invalid_credentials');

    const blocked = await signInWithPassword(user.email, 'guess 21', '192.0.2.1');
    expect(blocked.status, show(blocked)).toBe(429);
    expect(blocked.body.error.code).toBe('rate_limit_exceeded');
    expect(blocked.headers['retry-after'], 'until the oldest failure leaves the 10-minute window').toBe('599');
    const right = await signInWithPassword(user.email, PASSWORD, '192.0.2.2');
    expect(right.status, `the right password waits too: ${show(right)}`).toBe(429);

    const seen = (await listUsers(owner.browser)).find((u) => u.id === user.id);
    expect(seen?.failed_sign_ins, 'refused attempts are no guesses').toEqual({ count: 20, last_at: new Date(t.clock.now()).toISOString(), last_address: '198.51.100.99' });

    const recovery = (await consoleRequest('POST', `/console/api/users/${user.id}/sign-in-link`, owner.browser)).body.data.sign_in_url;
    const byLink = await consoleRequest('POST', '/console/api/session/link', undefined, { token: tokenOf(recovery) }, { remoteAddress: '192.0.2.3' });
    expect(byLink.status, `a one-time link always signs in: ${show(byLink)}`).toBe(200);

    // Sliding: a second before the oldest failures age out, still refused; then one attempt more.
    t.clock.set(started + 599_000);
    const stillBlocked = await signInWithPassword(user.email, PASSWORD, '192.0.2.4');
    expect(stillBlocked.status).toBe(429);
    expect(stillBlocked.headers['retry-after']).toBe('1');
    t.clock.set(started + 600_000);
    const reopened = await signInWithPassword(user.email, PASSWORD, '192.0.2.5');
    expect(reopened.status, show(reopened)).toBe(200);

    // An email nobody has counts alike, so the answers do not tell which emails exist.
    const unknown = await signInWithPassword(`Nobody-${dialect}@School.example`, PASSWORD, '192.0.2.6');
    expect(unknown.status).toBe(401);
    const recorded = await t.ctx.db.selectFrom('sign_in_failures').select(['email', 'address']).where('email', '=', `nobody-${dialect}@school.example`).execute();
    expect(recorded).toEqual([{ email: `nobody-${dialect}@school.example`, address: '192.0.2.6' }]);
  });

  it('lets a valid one-time link through from an address blocked for failed sign-ins', async () => {
    const accountId = await newAccount();
    const { signInToken } = await newUser('developer', accountId);
    const address = '203.0.113.250';
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await consoleRequest('POST', '/console/api/session/link', undefined, { token: `guess-${i}` }, { remoteAddress: address })).status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses[20], 'a failed link still counts against the address').toBe(429);
    const password = await signInWithPassword(`someone-${dialect}@school.example`, PASSWORD, address);
    expect(password.status, 'a password from the address waits').toBe(429);
    const link = await consoleRequest('POST', '/console/api/session/link', undefined, { token: signInToken }, { remoteAddress: address });
    expect(link.status, show(link)).toBe(200);
    expect((await consoleRequest('POST', '/console/api/session/link', undefined, { token: 'guess-again' }, { remoteAddress: address })).status).toBe(429);
  });

  it('purges failed sign-ins older than 24 hours at the next sign-in', async () => {
    const accountId = await newAccount();
    const owner = await signedInUser('owner', accountId);
    const email = `purged-${dialect}@school.example`;
    const old = new Date(t.clock.now() - 25 * HOUR).toISOString();
    const recent = new Date(t.clock.now() - HOUR).toISOString();
    await t.ctx.db.insertInto('sign_in_failures').values([{ email, address: '192.0.2.77', at: old }, { email, address: '192.0.2.78', at: recent }]).execute();
    const user = await createUser(t.ctx, { accountId, email, role: 'viewer' });
    expect((await listUsers(owner.browser)).find((u) => u.id === user.user.id)?.failed_sign_ins).toEqual({ count: 1, last_at: recent, last_address: '192.0.2.78' });
    await signIn(user.signInToken);
    const rows = await t.ctx.db.selectFrom('sign_in_failures').select('at').where('email', '=', email).execute();
    expect(rows).toEqual([{ at: recent }]);
  });
});
