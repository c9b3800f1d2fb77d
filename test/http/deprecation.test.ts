import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { responses } from '../../src/shared/schemas.js';
import { setupApp, show, type TestApp, type TestResponse } from '../harness.js';

// Nothing is deprecated today: test-only routes declare themselves deprecated as a route will
// (docs/versioning.md, "Deprecating"), and a client sees the headers and the document.
const notice = 'https://lectern.example/changelog#2027-01-15-legacy-search';

describe('deprecation on the wire', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp('sqlite', {
      extend: (app) => {
        app.get(
          '/api/v1/test-deprecated',
          {
            config: { scope: 'courses:read', deprecated: { since: '2027-01-15', sunset: '2027-07-15', link: notice } },
            schema: { description: 'A route on its way out.', response: responses({ 200: Type.Object({ ok: Type.Boolean() }) }) },
          },
          async (_request, reply) => {
            reply.header('link', '</api/v1/test-deprecated?page=2>; rel="next"');
            return { ok: true };
          },
        );
        app.get(
          '/api/v1/test-deprecated-field',
          {
            config: { scope: 'courses:read', deprecated: { since: '2027-01-15T00:00:00Z', sunset: '2027-08-01T00:00:00Z', link: notice, field: 'legacy' } },
            schema: { response: responses({ 200: Type.Object({ ok: Type.Boolean(), legacy: Type.String({ deprecated: true }) }) }) },
          },
          async () => ({ ok: true, legacy: 'x' }),
        );
        app.get('/api/v1/test-current', { config: { scope: 'courses:read' }, schema: { response: responses({ 200: Type.Object({ ok: Type.Boolean() }) }) } }, async () => ({ ok: true }));
      },
    });
  });
  afterAll(() => t.close());

  /** The three headers of a deprecation since 2027-01-15, as a client reads them. */
  const expectDeprecated = (response: TestResponse, sunset: string, link: string) => {
    expect(response.headers.deprecation).toBe(`@${Date.UTC(2027, 0, 15) / 1000}`);
    expect(response.headers.sunset).toBe(sunset);
    expect(response.headers.link).toBe(link);
  };

  it('answers a deprecated route with Deprecation, Sunset and a Link to the notice, beside its own links', async () => {
    const response = await t.request({ url: '/api/v1/test-deprecated' });
    expect(response.status, show(response as never)).toBe(200);
    expectDeprecated(response, 'Thu, 15 Jul 2027 00:00:00 GMT', `</api/v1/test-deprecated?page=2>; rel="next", <${notice}>; rel="deprecation"; type="text/html"`);
  });

  it('carries the headers on its error answers too', async () => {
    const response = await t.request({ url: '/api/v1/test-deprecated', key: null });
    expect(response.status).toBe(401);
    expectDeprecated(response, 'Thu, 15 Jul 2027 00:00:00 GMT', `<${notice}>; rel="deprecation"; type="text/html"`);
  });

  it('answers a route with a deprecated field with the headers, the operation itself not deprecated', async () => {
    const response = await t.request({ url: '/api/v1/test-deprecated-field' });
    expect(response.status).toBe(200);
    expectDeprecated(response, 'Sun, 01 Aug 2027 00:00:00 GMT', `<${notice}>; rel="deprecation"; type="text/html"`);
  });

  it('leaves other routes alone', async () => {
    const response = await t.request({ url: '/api/v1/test-current' });
    expect(response.status).toBe(200);
    expect(response.headers.deprecation).toBeUndefined();
    expect(response.headers.sunset).toBeUndefined();
    expect(response.headers.link).toBeUndefined();
  });

  it('shows deprecated: true and the dates in the OpenAPI document', async () => {
    const document = (await t.request({ url: '/api/v1/openapi.json', key: null })).body;
    const operation = document.paths['/api/v1/test-deprecated'].get;
    expect(operation.deprecated).toBe(true);
    expect(operation.description).toContain('Deprecated since 2027-01-15 and may be removed after 2027-07-15');
    expect(operation.description).toContain(notice);
    const withField = document.paths['/api/v1/test-deprecated-field'].get;
    expect(withField.deprecated).toBeUndefined();
    expect(withField.description).toContain('The field `legacy` is deprecated since 2027-01-15T00:00:00Z');
    expect(JSON.stringify(withField.responses['200'])).toContain('"deprecated":true');
    expect(document.paths['/api/v1/test-current'].get.deprecated).toBeUndefined();
  });

  it('refuses a sunset that does not come after the deprecation', async () => {
    await expect(
      setupApp('sqlite', {
        extend: (app) => {
          app.get('/api/v1/test-bad', { config: { scope: 'courses:read', deprecated: { since: '2027-07-15', sunset: '2027-01-15', link: notice } } }, async () => ({}));
        },
      }),
    ).rejects.toThrow(/sunset/);
  });
});
