import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { consumeRegistrationLink } from '../../src/modules/lti/lti-registrations.service.js';
import { addDeployment, findRegistrationByPlatform } from '../../src/modules/lti/lti-registrations.repository.js';
import type { Lookup } from '../../src/modules/webhooks/url-safety.js';
import { testDialects } from '../dialects.js';
import { setupApp, show, type TestApp } from '../harness.js';

/** Plays DNS: platform hosts are public, `intranet.example` is private. */
const lookup: Lookup = async (hostname) => [{ address: hostname.startsWith('intranet.') ? '10.0.0.7' : '93.184.216.34', family: 4 }];

let unique = 0;
/** A valid registration body with a client id of its own. */
function platform(fields: Record<string, unknown> = {}) {
  unique += 1;
  return {
    issuer: 'https://canvas.example.edu',
    client_id: `client-${unique}`,
    auth_login_url: 'https://canvas.example.edu/api/lti/authorize_redirect',
    auth_token_url: 'https://canvas.example.edu/login/oauth2/token',
    jwks_url: 'https://canvas.example.edu/api/lti/security/jwks',
    ...fields,
  };
}

describe.each(testDialects())('LTI registrations [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp(dialect, { config: { webhooks: { ...loadConfig({}).webhooks, allowPrivate: false } }, webhookLookup: lookup });
  });
  afterAll(() => t.close());

  const create = (body: unknown, key?: string) => t.request({ method: 'POST', url: '/api/v1/lti/registrations', body, ...(key ? { key } : {}) });

  it('creates, reads, lists, updates and deletes a registration with its deployment ids', async () => {
    const body = platform({ deployment_ids: ['dep-1', 'dep-2'], student_id_claim: 'email' });
    const created = await create(body);
    expect(created.status, show(created)).toBe(201);
    const registration = created.body.data;
    expect(registration.id).toMatch(/^ltr_[0-9a-z]{26}$/);
    expect(registration).toMatchObject({ ...body, unknown_deployments: 'accept', created_at: '2026-11-21T12:00:00.000Z', updated_at: '2026-11-21T12:00:00.000Z' });

    const read = await t.request({ url: `/api/v1/lti/registrations/${registration.id}` });
    expect(read.status, show(read)).toBe(200);
    expect(read.body.data).toEqual(registration);
    expect(read.headers.etag).toMatch(/^".+"$/);

    const list = await t.request({ url: '/api/v1/lti/registrations?per_page=100' });
    expect(list.status, show(list)).toBe(200);
    expect(list.body.data).toContainEqual(registration);
    expect(list.body.pagination).toMatchObject({ page: 1, per_page: 100 });

    t.clock.advance(1_000);
    const patched = await t.request({
      method: 'PATCH',
      url: `/api/v1/lti/registrations/${registration.id}`,
      body: { unknown_deployments: 'reject', deployment_ids: ['dep-2', 'dep-3'], student_id_claim: null },
      headers: { 'if-match': read.headers.etag as string },
    });
    expect(patched.status, show(patched)).toBe(200);
    expect(patched.body.data).toMatchObject({ unknown_deployments: 'reject', deployment_ids: ['dep-2', 'dep-3'], student_id_claim: null, updated_at: '2026-11-21T12:00:01.000Z' });
    expect(patched.headers.etag).not.toBe(read.headers.etag);
    const stale = await t.request({ method: 'PATCH', url: `/api/v1/lti/registrations/${registration.id}`, body: { jwks_url: 'https://canvas.example.edu/jwks' }, headers: { 'if-match': read.headers.etag as string } });
    expect(stale.status, show(stale)).toBe(412);
    expect((await t.request({ url: `/api/v1/lti/registrations/${registration.id}` })).body.data.deployment_ids).toEqual(['dep-2', 'dep-3']);

    const deleted = await t.request({ method: 'DELETE', url: `/api/v1/lti/registrations/${registration.id}` });
    expect(deleted.status, show(deleted)).toBe(200);
    expect(deleted.body).toEqual({ data: { id: registration.id, deleted: true } });
    expect((await t.request({ url: `/api/v1/lti/registrations/${registration.id}` })).status).toBe(404);
    expect(await findRegistrationByPlatform(t.database, body.issuer, body.client_id)).toBeUndefined();
  });

  it('finds a registration by platform for launches, and shows the deployments launches record (ETag included)', async () => {
    const { data } = (await create(platform())).body;
    const found = await findRegistrationByPlatform(t.database, data.issuer, data.client_id);
    expect(found).toMatchObject({ id: data.id, unknown_deployments: 'accept', student_id_claim: null });
    expect(found!.workspace_id).toMatch(/^wsp_/);
    const before = await t.request({ url: `/api/v1/lti/registrations/${data.id}` });
    expect(await addDeployment(t.database, data.id, 'from-a-launch', '2026-11-21T12:00:05.000Z')).toBe(true);
    expect(await addDeployment(t.database, data.id, 'from-a-launch', '2026-11-21T12:00:06.000Z')).toBe(false);
    const after = await t.request({ url: `/api/v1/lti/registrations/${data.id}` });
    expect(after.body.data.deployment_ids).toEqual(['from-a-launch']);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('refuses invalid bodies, one error per problem', async () => {
    const missing = await create({ issuer: 'https://lms.example.com' });
    expect(missing.status, show(missing)).toBe(400);
    expect(missing.body.error.code).toBe('validation_error');
    const paths = missing.body.error.details.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['/client_id', '/auth_login_url', '/auth_token_url', '/jwks_url']));

    const wrong = await create(platform({ unknown_deployments: 'maybe', deployment_ids: ['a', 'a'], extra: true }));
    expect(wrong.status, show(wrong)).toBe(400);

    const urls = await create(platform({ auth_login_url: 'http://canvas.example.edu/login', auth_token_url: 'https://intranet.example/token', jwks_url: 'not a url' }));
    expect(urls.status, show(urls)).toBe(400);
    expect(urls.body.error.details.errors).toEqual([
      { path: '/auth_login_url', message: 'must use https' },
      { path: '/auth_token_url', message: expect.stringContaining('private') },
      { path: '/jwks_url', message: 'must be an absolute URL' },
    ]);

    const { data } = (await create(platform())).body;
    const patch = await t.request({ method: 'PATCH', url: `/api/v1/lti/registrations/${data.id}`, body: { jwks_url: 'https://127.0.0.1/jwks' } });
    expect(patch.status, show(patch)).toBe(400);
    expect(patch.body.error.details.errors).toEqual([{ path: '/jwks_url', message: expect.stringContaining('WEBHOOK_ALLOW_PRIVATE') }]);
    const readOnly = await t.request({ method: 'PATCH', url: `/api/v1/lti/registrations/${data.id}`, body: { id: 'ltr_x', created_at: '2026-01-01T00:00:00.000Z' } });
    expect(readOnly.status, show(readOnly)).toBe(400);
  });

  it('answers 409 for a platform registered already, in this workspace or another; one issuer with two client ids is fine', async () => {
    const body = platform();
    const first = await create(body);
    expect(first.status, show(first)).toBe(201);
    const again = await create(body);
    expect(again.status, show(again)).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'lti_registration_exists', details: { registration_id: first.body.data.id } });

    const other = await t.newKey();
    const elsewhere = await create(body, other.key);
    expect(elsewhere.status, show(elsewhere)).toBe(409);
    expect(elsewhere.body.error).toMatchObject({ code: 'lti_registration_exists', details: { registration_id: null } });
    expect(elsewhere.text).not.toContain(first.body.data.id);

    const sameIssuer = await create({ ...body, client_id: `${body.client_id}-b` }, other.key);
    expect(sameIssuer.status, show(sameIssuer)).toBe(201);
    const found = await findRegistrationByPlatform(t.database, body.issuer, `${body.client_id}-b`);
    expect(found?.id).toBe(sameIssuer.body.data.id);
    expect(found?.workspace_id).not.toBe((await findRegistrationByPlatform(t.database, body.issuer, body.client_id))?.workspace_id);

    // Moving a registration onto a taken pair conflicts the same way.
    const move = await t.request({ method: 'PATCH', url: `/api/v1/lti/registrations/${sameIssuer.body.data.id}`, key: other.key, body: { client_id: body.client_id } });
    expect(move.status, show(move)).toBe(409);
    expect(move.body.error.details).toEqual({ registration_id: null });
  });

  it('registers a platform once when several ask at the same time', async () => {
    const body = platform({ deployment_ids: ['raced'] });
    const other = await t.newKey();
    const answers = await Promise.all([t.key, other.key, t.key, other.key, t.key].map((key) => create(body, key)));
    expect(answers.map((a) => a.status).sort(), answers.map(show).join('\n')).toEqual([201, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body.error.code).toBe('lti_registration_exists');
    const winner = answers.find((a) => a.status === 201)!.body.data;
    expect(await findRegistrationByPlatform(t.database, body.issuer, body.client_id)).toMatchObject({ id: winner.id });
  });

  it("answers 404 for another workspace's registration, and lists only the caller's", async () => {
    const { data } = (await create(platform())).body;
    for (const other of [await t.newKey(), await t.newKey({ accountId: t.accountId, environment: 'development' })]) {
      for (const method of ['GET', 'PATCH', 'PUT', 'DELETE'] as const) {
        const response = await t.request({ method, url: `/api/v1/lti/registrations/${data.id}`, key: other.key, ...(method === 'PATCH' || method === 'PUT' ? { body: { client_id: 'taken-over' } } : {}) });
        expect(response.status, `${method} ${show(response)}`).toBe(404);
        expect(response.body.error.code).toBe('resource_not_found');
      }
      const list = await t.request({ url: '/api/v1/lti/registrations', key: other.key });
      expect(list.text).not.toContain(data.id);
    }
    expect((await t.request({ url: `/api/v1/lti/registrations/${data.id}` })).body.data.client_id).toBe(data.client_id);
  });

  it('needs lti:read to read and lti:write to change', async () => {
    const reader = await t.newKey({ accountId: t.accountId, scopes: ['lti:read'] });
    const writer = await t.newKey({ accountId: t.accountId, scopes: ['lti:write'] });
    const stranger = await t.newKey({ accountId: t.accountId, scopes: ['courses:write'] });
    expect((await t.request({ url: '/api/v1/lti/registrations', key: reader.key })).status).toBe(200);
    const refused = await create(platform(), reader.key);
    expect(refused.status, show(refused)).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'insufficient_permissions', details: { required_scope: 'lti:write' } });
    const link = await t.request({ method: 'POST', url: '/api/v1/lti/registration-links', key: reader.key });
    expect(link.status, show(link)).toBe(403);
    const made = await create(platform(), writer.key);
    expect(made.status, show(made)).toBe(201);
    expect((await t.request({ url: `/api/v1/lti/registrations/${made.body.data.id}`, key: writer.key })).status).toBe(200);
    const none = await t.request({ url: '/api/v1/lti/registrations', key: stranger.key });
    expect(none.status, show(none)).toBe(403);
    expect(none.body.error.details).toEqual({ required_scope: 'lti:read' });
  });

  it('pages the list in both modes', async () => {
    const own = await t.newKey();
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1);
      expect((await create(platform(), own.key)).status).toBe(201);
    }
    const first = await t.request({ url: '/api/v1/lti/registrations?per_page=2', key: own.key });
    expect(first.body.pagination).toMatchObject({ page: 1, per_page: 2, total: 3, total_pages: 2 });
    expect(first.headers.link).toContain('rel="next"');
    const cursor = await t.request({ url: `/api/v1/lti/registrations?per_page=2&cursor=${first.body.pagination.next_cursor}`, key: own.key });
    expect(cursor.status, show(cursor)).toBe(200);
    expect(cursor.body.data).toHaveLength(1);
    expect(cursor.body.pagination).toEqual({ per_page: 2, next_cursor: null, has_more: false });
    const since = await t.request({ url: `/api/v1/lti/registrations?updated_since=${encodeURIComponent(first.body.data[1].updated_at)}`, key: own.key });
    expect(since.body.data.map((r: { id: string }) => r.id)).toEqual([first.body.data[1].id, cursor.body.data[0].id]);
  });

  describe('registration links', () => {
    const tokenOf = (url: string) => new URL(url).searchParams.get('link')!;

    it('answers a one-time URL on the request origin, with a default expiry of 7 days', async () => {
      const response = await t.request({ method: 'POST', url: '/api/v1/lti/registration-links' });
      expect(response.status, show(response)).toBe(201);
      expect(response.body.data).toEqual({ url: expect.stringMatching(/^http:\/\/localhost(:\d+)?\/lti\/register\?link=[A-Za-z0-9_-]{43}$/), expires_at: new Date(t.clock.now() + 7 * 86_400_000).toISOString() });
      expect(await consumeRegistrationLink(t.ctx, tokenOf(response.body.data.url))).toEqual({ workspaceId: expect.stringMatching(/^wsp_/) });
    });

    it('is single use, bound to its workspace, and expires', async () => {
      const other = await t.newKey();
      const mine = (await t.request({ method: 'POST', url: '/api/v1/lti/registration-links', body: { expires_in_seconds: 3_600 } })).body.data;
      const theirs = (await t.request({ method: 'POST', url: '/api/v1/lti/registration-links', key: other.key, body: {} })).body.data;
      expect(mine.expires_at).toBe(new Date(t.clock.now() + 3_600_000).toISOString());
      const a = await consumeRegistrationLink(t.ctx, tokenOf(mine.url));
      const b = await consumeRegistrationLink(t.ctx, tokenOf(theirs.url));
      expect(a?.workspaceId).toBeDefined();
      expect(b?.workspaceId).toBeDefined();
      expect(a?.workspaceId).not.toBe(b?.workspaceId);
      // Spent: a second use finds nothing, also when two race.
      expect(await consumeRegistrationLink(t.ctx, tokenOf(mine.url))).toBeUndefined();
      const racing = (await t.request({ method: 'POST', url: '/api/v1/lti/registration-links' })).body.data;
      const results = await Promise.all([1, 2, 3, 4].map(() => consumeRegistrationLink(t.ctx, tokenOf(racing.url))));
      expect(results.filter((r) => r !== undefined)).toHaveLength(1);
      expect(await consumeRegistrationLink(t.ctx, 'not-a-token')).toBeUndefined();

      const expiring = (await t.request({ method: 'POST', url: '/api/v1/lti/registration-links', body: { expires_in_seconds: 60 } })).body.data;
      t.clock.advance(60_000);
      expect(await consumeRegistrationLink(t.ctx, tokenOf(expiring.url))).toBeUndefined();
    });

    it('leaves the URL out of an idempotent replay, since the link is kept nowhere', async () => {
      const send = () => t.request({ method: 'POST', url: '/api/v1/lti/registration-links', body: { expires_in_seconds: 600 }, headers: { 'idempotency-key': 'link-once' } });
      const first = await send();
      expect(first.status, show(first)).toBe(201);
      const replay = await send();
      expect(replay.status, show(replay)).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body.data).toEqual({ expires_at: first.body.data.expires_at });
    });

    it('checks the expiry bounds and builds the URL on PUBLIC_URL when set', async () => {
      for (const expires_in_seconds of [59, 30 * 86_400 + 1, 'soon']) {
        const response = await t.request({ method: 'POST', url: '/api/v1/lti/registration-links', body: { expires_in_seconds } });
        expect(response.status, show(response)).toBe(400);
        expect(response.body.error.code).toBe('validation_error');
      }
      const published = await setupApp(dialect, { config: { publicUrl: 'https://lectern.school.example' } });
      try {
        const response = await published.request({ method: 'POST', url: '/api/v1/lti/registration-links', body: { expires_in_seconds: 30 * 86_400 } });
        expect(response.status, show(response)).toBe(201);
        expect(response.body.data.url).toMatch(/^https:\/\/lectern\.school\.example\/lti\/register\?link=/);
      } finally {
        await published.close();
      }
    });
  });
});
