import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { createCourse, setupApp, show, type TestApp, type TestResponse } from '../harness.js';

/** One HTTP/1.1 response read off a raw socket. */
interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends bytes on a fresh connection and reads every response until the server closes it.
 * `closedCleanly` is true when the server ended the connection (FIN) rather than resetting it,
 * so the answers arrived before the close.
 */
function rawExchange(port: number, bytes: string | Buffer): Promise<{ responses: RawResponse[]; closedCleanly: boolean; rest: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let ended = false;
    let failed: Error | undefined;
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => {
      ended = true;
      socket.end();
    });
    socket.on('error', (err) => {
      failed = err;
    });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const { responses, rest } = parseResponses(text);
      if (responses.length === 0 && failed) reject(failed);
      else resolve({ responses, closedCleanly: ended && !failed, rest });
    });
    socket.setTimeout(10_000, () => socket.destroy(new Error('no close within 10 s')));
    socket.write(bytes);
  });
}

function parseResponses(text: string): { responses: RawResponse[]; rest: string } {
  const responses: RawResponse[] = [];
  let rest = text;
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end === -1) break;
    const [statusLine, ...lines] = rest.slice(0, end).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    const bodyBytes = Buffer.from(rest.slice(end + 4), 'utf8');
    if (bodyBytes.length < length) break;
    responses.push({ status: Number(statusLine!.split(' ')[1]), headers, body: bodyBytes.subarray(0, length).toString('utf8') });
    rest = bodyBytes.subarray(length).toString('utf8');
  }
  return { responses, rest };
}

/** The envelope, its code, and the headers every answer carries, whichever layer answered. */
function expectEnvelope(response: { status: number; headers: Record<string, unknown>; body: string }, status: number, code: string) {
  const shown = `${response.status} ${JSON.stringify(response.headers)} ${response.body.slice(0, 500)}`;
  expect(response.status, shown).toBe(status);
  expect(String(response.headers['content-type']), shown).toMatch(/^application\/json/);
  const body = JSON.parse(response.body);
  expect(body.error, shown).toMatchObject({ code, message: expect.any(String), details: expect.any(Object), request_id: expect.stringMatching(/^req_[0-9a-z]{26}$/) });
  expect(response.headers['x-request-id'], shown).toBe(body.error.request_id);
  expect(response.headers['cache-control'], shown).toBe('no-store');
  expect(response.headers['x-content-type-options'], shown).toBe('nosniff');
  return body.error as { code: string; message: string; details: any; request_id: string };
}

const asRaw = (r: TestResponse) => ({ status: r.status, headers: r.headers, body: r.text });

describe.each(testDialects())('the edge: one error shape for every input [%s]', (dialect) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await setupApp(dialect);
    port = Number(new URL(await t.app.listen({ host: '127.0.0.1', port: 0 })).port);
  });
  afterAll(() => t.close());

  /** Without the harness's OpenAPI check: router errors come before any route (and its rate-limit headers). */
  const inject = async (options: { method?: string; url: string; headers?: Record<string, string>; payload?: string }) => {
    const response = await t.app.inject({
      method: (options.method ?? 'GET') as 'GET',
      url: options.url,
      headers: { authorization: `Bearer ${t.key}`, ...options.headers },
      ...(options.payload !== undefined ? { payload: options.payload } : {}),
    });
    return { status: response.statusCode, headers: response.headers as Record<string, unknown>, body: response.body };
  };

  describe('control characters', () => {
    const NUL = '\u0000';

    it('refuses U+0000 and C0 controls in body strings and object keys, naming each field, and stores nothing', async () => {
      const before = (await t.request({ url: '/api/v1/courses?per_page=1' })).body.pagination.total;
      for (const bad of [NUL, '\u0001', '\u0008', '\u000b', '\u000c', '\u000e', '\u001f', '\u007f']) {
        const response = await t.request({ method: 'POST', url: '/api/v1/courses', body: { title: `a${bad}b`, description: 'fine', metadata: { [`k${bad}`]: 'v', level: `x${bad}` } } });
        const error = expectEnvelope(asRaw(response), 400, 'validation_error');
        expect(error.details.errors.map((e: { path: string }) => e.path).sort(), JSON.stringify(bad)).toEqual(['/metadata/level', `/metadata/k${bad}`, '/title'].sort());
        expect(error.details.errors[0].message).toMatch(/control character/);
      }
      expect((await t.request({ url: '/api/v1/courses?per_page=1' })).body.pagination.total).toBe(before);
    });

    it('accepts tab, line feed and carriage return, and text beyond ASCII', async () => {
      const text = 'tab\there\nline\r\nend 😀 \u200Fשלום\u202E \u0085';
      const course = await createCourse(t, { title: 'Fine\ttitle', description: text });
      expect((await t.request({ url: `/api/v1/courses/${course.id}` })).body.data.description).toBe(text);
    });

    it('refuses them deep in a body: a quiz question, a bulk record', async () => {
      const course = await createCourse(t);
      const module = (await t.request({ method: 'POST', url: `/api/v1/courses/${course.id}/modules`, body: { title: 'M' } })).body.data;
      const lesson = await t.request({
        method: 'POST',
        url: `/api/v1/modules/${module.id}/lessons`,
        body: { title: 'Q', type: 'quiz', quiz: { passing_score: 50, questions: [{ prompt: 'ok', kind: 'short_answer', answer: [`a${NUL}`] }] } },
      });
      expect(expectEnvelope(asRaw(lesson), 400, 'validation_error').details.errors).toEqual([{ path: '/quiz/questions/0/answer/0', message: expect.stringMatching(/control character/) }]);
      const bulk = await t.request({ method: 'POST', url: '/api/v1/students/bulk', body: { records: [{ email: 'a@example.com', name: 'A' }, { email: 'b@example.com', name: `B${NUL}` }] } });
      expect(expectEnvelope(asRaw(bulk), 400, 'validation_error').details.errors).toEqual([{ path: '/records/1/name', message: expect.stringMatching(/control character/) }]);
      expect((await t.request({ url: '/api/v1/students?email=a@example.com' })).body.data).toEqual([]);
    });

    it('refuses them in query values with the query pointer', async () => {
      for (const url of ['/api/v1/students?email=%00', '/api/v1/students?external_id=a%01b', '/api/v1/search/courses?q=alg%00ebra', '/api/v1/courses?cursor=%00']) {
        const error = expectEnvelope(asRaw(await t.request({ url })), 400, 'validation_error');
        expect(error.details.errors[0], url).toMatchObject({ path: `/query/${new URL(url, 'http://x').searchParams.keys().next().value}`, message: expect.stringMatching(/control character/) });
      }
    });

    it('answers 404 for a path id that holds one, as for any malformed id', async () => {
      const course = await createCourse(t);
      for (const url of [`/api/v1/courses/${course.id}%00`, '/api/v1/courses/crs_%01', `/api/v1/students/stu_%00/progress`, `/api/v1/webhook-endpoints/whe_%00`]) {
        const error = expectEnvelope(asRaw(await t.request({ url })), 404, 'resource_not_found');
        expect(error.message, url).toMatch(/ not found$/);
      }
      const put = await t.request({ method: 'PUT', url: `/api/v1/courses/${course.id}%00`, body: { title: 'x' } });
      expectEnvelope(asRaw(put), 404, 'resource_not_found');
    });

    it('refuses them in the headers that reach the database: If-Match and Idempotency-Key', async () => {
      const course = await createCourse(t);
      const ifMatch = await t.request({ method: 'PUT', url: `/api/v1/courses/${course.id}`, body: { title: 'x' }, headers: { 'if-match': `"a${NUL}"` } });
      expect(expectEnvelope(asRaw(ifMatch), 400, 'validation_error').details.errors).toEqual([{ path: '/headers/if-match', message: expect.stringMatching(/control character/) }]);
      const idempotent = await t.request({ method: 'POST', url: '/api/v1/courses', body: { title: 'x' }, headers: { 'idempotency-key': `k${NUL}` } });
      expect(expectEnvelope(asRaw(idempotent), 400, 'validation_error').details.errors).toEqual([{ path: '/headers/idempotency-key', message: expect.stringMatching(/control character/) }]);
    });
  });

  describe('errors the router raises', () => {
    it('answers 404 in the envelope for a path that is not valid percent-encoding', async () => {
      for (const url of ['/api/v1/courses/%ff', '/api/v1/courses/crs_%zz', '/api/v1/cour%ffses']) {
        expect(expectEnvelope(await inject({ url }), 404, 'resource_not_found').message, url).toMatch(/not a valid id/);
      }
    });

    it('answers 404 for an over-long path id, naming the resource up to 1024 characters and as the router beyond', async () => {
      for (const length of [65, 101, 1000]) {
        const error = expectEnvelope(await inject({ url: `/api/v1/courses/crs_${'a'.repeat(length)}` }), 404, 'resource_not_found');
        expect(error.message).toMatch(/^Course crs_a+…? not found$/);
      }
      expectEnvelope(await inject({ url: `/api/v1/courses/${'a'.repeat(5000)}` }), 404, 'resource_not_found');
      expectEnvelope(await inject({ method: 'DELETE', url: `/api/v1/courses/${'a'.repeat(5000)}` }), 404, 'resource_not_found');
    });

    it('answers 404 for an empty path id', async () => {
      for (const url of ['/api/v1/courses/', '/api/v1/students/', '/api/v1/courses//modules']) {
        expectEnvelope(await inject({ url }), 404, 'resource_not_found');
      }
    });
  });

  describe('requests HTTP cannot parse, over a real port', () => {
    it('answers 431 for headers over 16 KiB, before closing the connection', async () => {
      const { responses, closedCleanly } = await rawExchange(port, `GET /api/v1/courses HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      expect(responses).toHaveLength(1);
      expectEnvelope(responses[0]!, 431, 'headers_too_large');
      expect(responses[0]!.headers.connection).toBe('close');
      expect(closedCleanly).toBe(true);
    });

    it('answers 400 for an invalid method, before closing the connection', async () => {
      const { responses, closedCleanly } = await rawExchange(port, 'FOO{} /api/v1/courses HTTP/1.1\r\nHost: x\r\n\r\n');
      expect(responses).toHaveLength(1);
      expectEnvelope(responses[0]!, 400, 'malformed_request');
      expect(closedCleanly).toBe(true);
    });

    it('answers the request in flight, then 400 for bytes that a Content-Length left unparsable', async () => {
      // The GET's body swallows the head of the next request; what is left is not HTTP.
      const next = 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n';
      const { responses, closedCleanly } = await rawExchange(port, `GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\n${next}`);
      expect(responses.map((r) => r.status)).toEqual([200, 400]);
      expect(JSON.parse(responses[0]!.body)).toEqual({ status: 'ok' });
      expectEnvelope(responses[1]!, 400, 'malformed_request');
      expect(responses[0]!.headers['x-request-id']).not.toBe(responses[1]!.headers['x-request-id']);
      expect(closedCleanly).toBe(true);
    });

    it('answers CONNECT with 405 in the envelope (Node closed the connection without a word)', async () => {
      const { responses, closedCleanly } = await rawExchange(port, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
      expect(responses).toHaveLength(1);
      expectEnvelope(responses[0]!, 405, 'method_not_allowed');
      expect(closedCleanly).toBe(true);
    });

    it('serves a request whose Expect is not 100-continue like any other (Node answered a bare 417)', async () => {
      const { responses } = await rawExchange(port, `GET /api/v1/courses/crs_00000000000000000000000000 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${t.key}\r\nExpect: teapot\r\nConnection: close\r\n\r\n`);
      expect(responses).toHaveLength(1);
      expectEnvelope(responses[0]!, 404, 'resource_not_found');
    });

    it('answers 400 conflicting_credentials for two Authorization headers with different keys', async () => {
      const other = (await t.newKey()).key;
      const twice = await rawExchange(port, `GET /api/v1/courses HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${t.key}\r\nAuthorization: Bearer ${other}\r\nConnection: close\r\n\r\n`);
      expectEnvelope(twice.responses[0]!, 400, 'conflicting_credentials');
      const apiKeys = await rawExchange(port, `GET /api/v1/courses HTTP/1.1\r\nHost: x\r\nX-API-Key: ${t.key}\r\nX-API-Key: ${other}\r\nConnection: close\r\n\r\n`);
      expectEnvelope(apiKeys.responses[0]!, 400, 'conflicting_credentials');
      // The same key twice is one key.
      const same = await rawExchange(port, `GET /api/v1/courses HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${t.key}\r\nX-API-Key: ${t.key}\r\nauthorization: Bearer ${t.key}\r\nConnection: close\r\n\r\n`);
      expect(same.responses[0]!.status, same.responses[0]!.body).toBe(200);
    });
  });

  describe('actions that take no body', () => {
    /** Every POST and DELETE of the API that documents no request body, with made-up ids. */
    function bodylessOperations(): { method: string; url: string }[] {
      const document = t.app.swagger() as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
      const out: { method: string; url: string }[] = [];
      for (const [path, operations] of Object.entries(document.paths)) {
        if (!path.startsWith('/api/v1')) continue;
        for (const [method, operation] of Object.entries(operations)) {
          if ((method === 'post' || method === 'delete') && !operation.requestBody && !/rotate/.test(path)) {
            out.push({ method: method.toUpperCase(), url: path.replace(/\{id\}/g, 'xyz_00000000000000000000000000') });
          }
        }
      }
      return out;
    }

    it('refuses fields in their body like any other body, and accepts none, an empty one, or {}', async () => {
      const operations = bodylessOperations();
      expect(operations.map((o) => `${o.method} ${o.url}`)).toEqual(
        expect.arrayContaining([
          'POST /api/v1/courses/xyz_00000000000000000000000000/publish',
          'POST /api/v1/courses/xyz_00000000000000000000000000/unpublish',
          'POST /api/v1/api-keys/xyz_00000000000000000000000000/revoke',
          'POST /api/v1/webhook-endpoints/xyz_00000000000000000000000000/test',
          'POST /api/v1/webhook-deliveries/xyz_00000000000000000000000000/retry',
          'DELETE /api/v1/courses/xyz_00000000000000000000000000',
          'DELETE /api/v1/enrollments/xyz_00000000000000000000000000',
        ]),
      );
      for (const { method, url } of operations) {
        const json = { 'content-type': 'application/json' };
        const refused = await inject({ method, url, headers: json, payload: '{"force": true, "note": "x"}' });
        expect(expectEnvelope(refused, 400, 'validation_error').details.errors.map((e: { path: string }) => e.path), `${method} ${url}`).toEqual(['/force', '/note']);
        expectEnvelope(await inject({ method, url, headers: json, payload: '[]' }), 400, 'validation_error');
        for (const accepted of [await inject({ method, url }), await inject({ method, url, headers: json, payload: '' }), await inject({ method, url, headers: json, payload: '{}' })]) {
          expect(accepted.status, `${method} ${url}: ${accepted.body}`).toBe(404); // past validation: the made-up id is not found
        }
      }
    });

    it('still publishes with no body', async () => {
      const course = await createCourse(t);
      const published = await t.request({ method: 'POST', url: `/api/v1/courses/${course.id}/publish` });
      expect(published.status, show(published)).toBe(200);
      expect(published.body.data.published).toBe(true);
    });
  });

  describe('headers and messages', () => {
    it('sends Cache-Control: no-store and X-Content-Type-Options: nosniff on answers and errors', async () => {
      const course = await createCourse(t);
      for (const response of [await t.request({ url: `/api/v1/courses/${course.id}` }), await t.request({ url: '/api/v1/courses/crs_00000000000000000000000000' }), await t.request({ url: '/healthz', key: null })]) {
        expect(response.headers['cache-control'], show(response)).toBe('no-store');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
      }
    });

    it('answers a 401 with WWW-Authenticate: Bearer', async () => {
      const missing = await t.request({ url: '/api/v1/courses', key: null });
      expectEnvelope(asRaw(missing), 401, 'missing_api_key');
      expect(missing.headers['www-authenticate']).toBe('Bearer realm="lectern"');
      const invalid = await t.request({ url: '/api/v1/courses', key: 'lct_prod_nope' });
      expectEnvelope(asRaw(invalid), 401, 'invalid_api_key');
      expect(invalid.headers['www-authenticate']).toBe('Bearer realm="lectern", error="invalid_token"');
    });

    it('lists the allowed values of an enum', async () => {
      const response = await t.request({ method: 'POST', url: '/api/v1/modules/mod_00000000000000000000000000/lessons', body: { title: 'x', type: 'podcast' } });
      expect(expectEnvelope(asRaw(response), 400, 'validation_error').details.errors).toEqual([{ path: '/type', message: 'must be one of text, video, quiz, assignment' }]);
      const sort = await t.request({ url: '/api/v1/courses?sort=newest' });
      expect(expectEnvelope(asRaw(sort), 400, 'validation_error').details.errors[0].message).toBe('must be one of created_at, -created_at, updated_at, -updated_at, title, -title');
    });

    it('names the query parameters an endpoint takes, and the one likely meant', async () => {
      const response = await t.request({ url: '/api/v1/students?limit=5' });
      const [issue] = expectEnvelope(asRaw(response), 400, 'validation_error').details.errors;
      expect(issue.path).toBe('/query/limit');
      expect(issue.message).toMatch(/takes page, per_page, cursor, updated_since, sort, email, external_id, status \(did you mean per_page\?\)$/);
      const typo = await t.request({ url: '/api/v1/courses?updatedsince=2026-01-01T00:00:00.000Z' });
      expect(typo.body.error.details.errors[0].message).toMatch(/did you mean updated_since\?/);
    });

    it('says how to allow a private webhook URL in development', async () => {
      const response = await t.request({ method: 'POST', url: '/api/v1/webhook-endpoints', body: { url: 'https://127.0.0.1/hook', events: ['*'] } });
      expect(expectEnvelope(asRaw(response), 400, 'validation_error').details.errors[0].message).toMatch(/WEBHOOK_ALLOW_PRIVATE=true/);
    });

    it('answers GET / with links to the reference and the OpenAPI document', async () => {
      const response = await t.request({ url: '/', key: null });
      expect(response.status, show(response)).toBe(200);
      expect(response.body).toEqual({ name: 'Lectern API', api: '/api/v1', docs: '/docs', openapi: '/api/v1/openapi.json' });
      expect((await t.request({ url: response.body.openapi, key: null })).status).toBe(200);
      expect((await t.app.inject({ url: response.body.docs })).statusCode).toBeLessThan(400);
    });
  });
});
