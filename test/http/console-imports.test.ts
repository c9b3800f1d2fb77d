import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const roster = 'external_id,email,name\ns-1,ada@school.example,Ada\n';
const imports = '/console/api/environments/production/imports';

/**
 * The Imports page's API (/console/api/environments/{environment}/imports…) as a browser and a
 * hostile page reach it: roles (viewers read; an upload of theirs is refused before a byte of it is
 * spooled), another account's import not found, no session, another site's form, and the options
 * checked as POST /api/v1/imports checks them. Browser flows: test/console/imports.e2e.test.ts.
 */
describe.each(testDialects())('console imports API [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp(dialect);
  });
  afterAll(() => t.close());

  const consoleRequest = (method: 'GET' | 'POST', url: string, browser?: Browser, upload?: { type: string; payload: string }, headers: Record<string, string> = {}) =>
    t.request({
      method,
      url,
      key: null,
      ...(upload ? { payload: upload.payload } : {}),
      headers: { ...(browser ? { cookie: browser.cookie, 'x-csrf-token': browser.csrf } : {}), ...(upload ? { 'content-type': upload.type } : {}), ...headers },
    });
  const csv = (payload = roster) => ({ type: 'text/csv', payload });

  let serial = 0;
  const signedIn = async (role: UserRole, accountId = t.accountId): Promise<Browser> => {
    const { signInToken } = await createUser(t.ctx, { accountId, email: `${role}-imports-${dialect}-${++serial}@school.example`, role });
    const response = await consoleRequest('POST', '/console/api/session/link', undefined, { type: 'application/json', payload: JSON.stringify({ token: signInToken }) });
    expect(response.status, show(response)).toBe(200);
    return { cookie: cookieOf(response), csrf: response.body.data.csrf_token };
  };
  const spooled = () => (fs.existsSync(t.config.imports.dir) ? fs.readdirSync(t.config.imports.dir).filter((name) => name.startsWith('spool-')) : []);

  it('developers upload and the import is queued as over the API; viewers read it, and their upload is refused before it is spooled', async () => {
    const developer = await signedIn('developer');
    const created = await consoleRequest('POST', `${imports}?type=students&dry_run=true&source=sis`, developer, csv());
    expect(created.status, show(created)).toBe(202);
    const imp = created.body.data as { id: string; status: string; dry_run: boolean; format: string; type: string; source: string };
    expect(imp).toMatchObject({ status: 'queued', dry_run: true, format: 'csv', type: 'students', source: 'sis' });
    expect(imp.id).toMatch(/^imp_/);
    // The same import over the API.
    const overApi = await t.request({ url: `/api/v1/imports/${imp.id}` });
    expect(overApi.status, show(overApi)).toBe(200);
    expect(overApi.body.data.id).toBe(imp.id);

    const viewer = await signedIn('viewer');
    const list = await consoleRequest('GET', imports, viewer);
    expect(list.status, show(list)).toBe(200);
    expect(list.body.data.map((i: { id: string }) => i.id)).toContain(imp.id);
    expect((await consoleRequest('GET', `${imports}/${imp.id}`, viewer)).body.data.id).toBe(imp.id);
    const failures = await consoleRequest('GET', `${imports}/${imp.id}/failures?limit=10`, viewer);
    expect(failures.status, show(failures)).toBe(200);
    expect(failures.body).toEqual({ data: [], has_more: false });
    const results = await consoleRequest('GET', `${imports}/${imp.id}/results?format=csv&status=error`, viewer);
    expect(results.status, show(results)).toBe(200);
    expect(results.headers['content-type']).toMatch(/^text\/csv/);
    expect(results.headers['content-disposition']).toBe(`attachment; filename="${imp.id}-failed-rows.csv"`);
    expect(results.text).toBe('file,line,type,external_id,action,id,code,field,message\r\n');

    const before = spooled();
    const refused = await consoleRequest('POST', `${imports}?type=students`, viewer, csv());
    expect(refused.status, show(refused)).toBe(403);
    expect(refused.body.error.code).toBe('insufficient_permissions');
    expect(spooled()).toEqual(before);
    for (const action of ['confirm', 'cancel']) {
      const answer = await consoleRequest('POST', `${imports}/${imp.id}/${action}`, viewer);
      expect(answer.status, show(answer)).toBe(403);
    }
    // Not waiting for a confirmation: 409, as over the API.
    const early = await consoleRequest('POST', `${imports}/${imp.id}/confirm`, developer);
    expect(early.status, show(early)).toBe(409);
    expect(early.body.error.code).toBe('import_not_awaiting_confirmation');
  });

  it("another account's import is not found; no session is 401; another site's form and a missing CSRF token are refused", async () => {
    const developer = await signedIn('developer');
    const id = (await consoleRequest('POST', `${imports}?type=students`, developer, csv())).body.data.id as string;
    const stranger = await signedIn('owner', (await t.newKey()).accountId);
    for (const path of [`${imports}/${id}`, `${imports}/${id}/failures`, `${imports}/${id}/results`]) {
      const answer = await consoleRequest('GET', path, stranger);
      expect(answer.status, `${path}: ${show(answer)}`).toBe(404);
      expect(answer.body.error.code).toBe('resource_not_found');
    }
    expect((await consoleRequest('POST', `${imports}/${id}/cancel`, stranger)).status).toBe(404);
    // Another environment of the same account is another workspace.
    expect((await consoleRequest('GET', `/console/api/environments/development/imports/${id}`, developer)).status).toBe(404);
    expect((await consoleRequest('GET', '/console/api/environments/elsewhere/imports', developer)).status).toBe(404);

    const before = spooled();
    const anonymous = await consoleRequest('POST', `${imports}?type=students`, undefined, csv());
    expect(anonymous.status, show(anonymous)).toBe(401);
    expect(anonymous.body.error.code).toBe('session_required');
    expect((await consoleRequest('GET', imports)).status).toBe(401);
    const crossSite = await consoleRequest('POST', `${imports}?type=students`, developer, csv(), { origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status, show(crossSite)).toBe(403);
    expect(crossSite.body.error.code).toBe('csrf_failed');
    const noToken = await consoleRequest('POST', `${imports}?type=students`, { ...developer, csrf: 'x'.repeat(developer.csrf.length) }, csv());
    expect(noToken.status, show(noToken)).toBe(403);
    expect(noToken.body.error.code).toBe('csrf_failed');
    expect(spooled()).toEqual(before);
  });

  it('checks the options and the body as POST /imports does: type with a CSV, source with a full sync, a file type, 413 above 50 MiB', async () => {
    const owner = await signedIn('owner');
    const noType = await consoleRequest('POST', imports, owner, csv());
    expect(noType.status, show(noType)).toBe(400);
    expect(noType.body.error.details.errors[0].path).toBe('/query/type');
    const noSource = await consoleRequest('POST', `${imports}?type=students&sync=full`, owner, csv());
    expect(noSource.status, show(noSource)).toBe(400);
    expect(noSource.body.error.details.errors[0].path).toBe('/query/source');
    const json = await consoleRequest('POST', `${imports}?type=students`, owner, { type: 'application/json', payload: '{}' });
    expect(json.status, show(json)).toBe(415);
    const huge = await consoleRequest('POST', `${imports}?type=students`, owner, csv(), { 'content-length': String(50 * 1024 * 1024 + 1) });
    expect(huge.status, show(huge)).toBe(413);
    expect(huge.body.error.code).toBe('payload_too_large');
    const ndjson = await consoleRequest('POST', `${imports}?mode=create_only`, owner, { type: 'application/x-ndjson', payload: '{"type":"student","external_id":"n-1","email":"n1@school.example"}\n' });
    expect(ndjson.status, show(ndjson)).toBe(202);
    expect(ndjson.body.data).toMatchObject({ format: 'ndjson', type: null, mode: 'create_only' });
    expect(spooled()).toEqual([]);
  });
});
