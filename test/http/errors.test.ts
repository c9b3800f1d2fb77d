import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { errorCodes } from '../../src/shared/errors.js';
import { responses } from '../../src/shared/schemas.js';
import { testDialects } from '../dialects.js';
import { setupApp, show, type TestApp } from '../harness.js';

describe.each(testDialects())('error envelope [%s]', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp(dialect, {
      extend: (app) => {
        // A route with a bug that would leak SQL and a stack if errors were echoed.
        app.get('/api/v1/test-bug', { config: { scope: 'courses:read' }, schema: { response: responses({ 200: Type.Object({}) }) } }, async () => {
          throw new Error('SQLITE_ERROR: no such column: secret_hash in "SELECT secret_hash FROM api_keys"');
        });
      },
    });
  });
  afterAll(() => t.close());

  function expectEnvelope(response: { status: number; headers: Record<string, unknown>; body: any; text: string }, status: number, code: string) {
    expect(response.status, show(response as never)).toBe(status);
    expect(response.body.error.code).toBe(code);
    expect(typeof response.body.error.message).toBe('string');
    expect(response.body.error.details).toBeTypeOf('object');
    expect(response.body.error.request_id).toMatch(/^req_[0-9a-z]{26}$/);
    expect(response.headers['x-request-id']).toBe(response.body.error.request_id);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(errorCodes).toContain(code);
  }

  it('lists every validation problem with its JSON pointer', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/courses',
      body: { title: '', description: 42, published: 'yes', metadata: { k: 7 }, id: 'crs_x', enrollment_count: 3, color: 'red' },
    });
    expectEnvelope(response, 400, 'validation_error');
    const paths = response.body.error.details.errors.map((e: { path: string }) => e.path).sort();
    expect(paths).toEqual(['/color', '/description', '/enrollment_count', '/id', '/metadata/k', '/published', '/title'].sort());
    for (const entry of response.body.error.details.errors) expect(entry.message).toBeTypeOf('string');
  });

  it('requires the body fields a create needs, and a JSON object at all', async () => {
    const missing = await t.request({ method: 'POST', url: '/api/v1/courses', body: {} });
    expectEnvelope(missing, 400, 'validation_error');
    expect(missing.body.error.details.errors).toEqual([{ path: '/title', message: 'is required' }]);
    const none = await t.request({ method: 'POST', url: '/api/v1/courses' });
    expectEnvelope(none, 400, 'validation_error');
    const array = await t.request({ method: 'POST', url: '/api/v1/courses', body: [1, 2] });
    expectEnvelope(array, 400, 'validation_error');
  });

  it('never coerces body types: "true" is not a boolean, "5" is not a number', async () => {
    const response = await t.request({ method: 'POST', url: '/api/v1/courses', body: { title: 'x', published: 'true' } });
    expectEnvelope(response, 400, 'validation_error');
  });

  it('answers 400 invalid_json for malformed JSON', async () => {
    const response = await t.request({ method: 'POST', url: '/api/v1/courses', payload: '{"title": "x",', headers: { 'content-type': 'application/json' } });
    expectEnvelope(response, 400, 'invalid_json');
  });

  it('answers 415 unsupported_media_type for a body that is not JSON', async () => {
    const response = await t.request({ method: 'POST', url: '/api/v1/courses', payload: 'title=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expectEnvelope(response, 415, 'unsupported_media_type');
  });

  it('answers 413 payload_too_large above 1 MiB', async () => {
    const response = await t.request({ method: 'POST', url: '/api/v1/courses', body: { title: 'x', description: 'a'.repeat(1024 * 1024) } });
    expectEnvelope(response, 413, 'payload_too_large');
  });

  it('answers 404 resource_not_found for unknown routes and 405 with Allow for a wrong method', async () => {
    expectEnvelope(await t.request({ url: '/api/v1/nothing-here' }), 404, 'resource_not_found');
    expectEnvelope(await t.request({ url: '/elsewhere', key: null }), 404, 'resource_not_found');
    const wrong = await t.request({ method: 'DELETE', url: '/api/v1/courses' });
    expectEnvelope(wrong, 405, 'method_not_allowed');
    expect(wrong.headers.allow).toBe('GET, POST, HEAD');
    const wrongOnItem = await t.request({ method: 'POST', url: '/api/v1/courses/crs_123' });
    expectEnvelope(wrongOnItem, 405, 'method_not_allowed');
    expect(String(wrongOnItem.headers.allow).split(', ').sort()).toEqual(['DELETE', 'GET', 'HEAD', 'PATCH', 'PUT']);
  });

  it('names the missing resource in a 404', async () => {
    const response = await t.request({ url: '/api/v1/courses/crs_00000000000000000000000000' });
    expectEnvelope(response, 404, 'resource_not_found');
    expect(response.body.error.message).toBe('Course crs_00000000000000000000000000 not found');
  });

  it('turns a thrown bug into 500 internal_error without leaking its message, SQL or stack', async () => {
    const response = await t.request({ url: '/api/v1/test-bug' });
    expectEnvelope(response, 500, 'internal_error');
    expect(response.text).not.toMatch(/SQLITE|SELECT|secret_hash|at .*\.ts/);
  });

  it('puts X-Request-Id on every response, unique per request', async () => {
    const responses = await Promise.all([
      t.request({ url: '/healthz', key: null }),
      t.request({ url: '/api/v1/courses' }),
      t.request({ url: '/api/v1/openapi.json', key: null }),
      t.request({ url: '/nope', key: null }),
    ]);
    const ids = responses.map((r) => r.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(/^req_/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('ignores a client-sent X-Request-Id (ids are ours, so logs can be trusted)', async () => {
    const response = await t.request({ url: '/api/v1/courses', headers: { 'x-request-id': 'spoofed' } });
    expect(response.headers['x-request-id']).not.toBe('spoofed');
  });
});

describe('operations endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp('sqlite');
  });
  afterAll(() => t.close());

  it('answers /healthz and /readyz without a key, and /readyz 503 once the database is gone', async () => {
    expect((await t.request({ url: '/healthz', key: null })).body).toEqual({ status: 'ok' });
    expect((await t.request({ url: '/readyz', key: null })).body).toEqual({ status: 'ready', checks: { database: 'ok' } });
    await t.database.close();
    const down = await t.request({ url: '/readyz', key: null });
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ status: 'not_ready', checks: { database: 'unreachable' } });
  });
});
