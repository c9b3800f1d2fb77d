// The client's own behaviour beyond the shared vectors: configuration, headers, idempotency keys,
// what each kind of answer returns, timeouts and cancellation.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigurationError, ConnectionError, Lectern, ValidationError, VERSION } from '../src/index.js';
import { parseRetryAfter } from '../src/errors.js';
import { fakeClient, json } from './helpers.js';

function withEnvironment<T>(values: Record<string, string | undefined>, run: () => T): T {
  const saved = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]));
  const assign = (entries: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(entries)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  assign(values);
  try {
    return run();
  } finally {
    assign(saved);
  }
}

describe('configuration', () => {
  it('reads LECTERN_API_KEY and LECTERN_BASE_URL when no argument is given', () => {
    const client = withEnvironment({ LECTERN_API_KEY: 'lct_prod_env', LECTERN_BASE_URL: 'https://env.test/api/v1/' }, () => new Lectern());
    assert.equal(client.baseUrl, 'https://env.test/api/v1');
  });

  it('arguments win over the environment', () => {
    const client = withEnvironment({ LECTERN_API_KEY: 'env', LECTERN_BASE_URL: 'https://env.test/api/v1' }, () => new Lectern({ apiKey: 'arg', baseUrl: 'https://arg.test/api/v1' }));
    assert.equal(client.baseUrl, 'https://arg.test/api/v1');
  });

  it('a missing key or base URL is a clear configuration error', () => {
    withEnvironment({ LECTERN_API_KEY: undefined, LECTERN_BASE_URL: undefined }, () => {
      assert.throws(() => new Lectern({ baseUrl: 'https://x.test' }), (e: unknown) => e instanceof ConfigurationError && /LECTERN_API_KEY/.test(e.message));
      assert.throws(() => new Lectern({ apiKey: 'k' }), (e: unknown) => e instanceof ConfigurationError && /LECTERN_BASE_URL/.test(e.message));
      assert.throws(() => new Lectern({ apiKey: 'k', baseUrl: 'not a url' }), ConfigurationError);
      assert.throws(() => new Lectern({ apiKey: 'k', baseUrl: 'https://x.test', maxAttempts: 0 }), ConfigurationError);
    });
  });

  it('defaults: 3 attempts, 60 s longest Retry-After, 30 s timeout', () => {
    const client = new Lectern({ apiKey: 'k', baseUrl: 'https://x.test' });
    assert.deepEqual([client.maxAttempts, client.maxRetryAfter, client.timeout], [3, 60, 30_000]);
  });
});

describe('requests', () => {
  it('sends the key as a bearer token, a user agent naming the library, JSON', async () => {
    const { client, sent } = fakeClient([json(201, { data: { id: 'crs_1', title: 'T' } })]);
    await client.courses.create({ title: 'T', metadata: { level: 'beginner' } });
    const request = sent[0]!;
    assert.equal(request.headers.get('authorization'), 'Bearer lct_prod_test');
    assert.equal(request.headers.get('user-agent'), `lectern-typescript/${VERSION} (node/${process.versions.node})`);
    assert.equal(request.headers.get('content-type'), 'application/json');
    assert.equal(request.headers.get('accept'), 'application/json');
    assert.deepEqual(JSON.parse(request.body!), { title: 'T', metadata: { level: 'beginner' } });
  });

  it('an Idempotency-Key on every POST, overridable, or none when turned off', async () => {
    const { client, sent } = fakeClient([json(201, { data: {} }), json(201, { data: {} }), json(201, { data: {} }), json(200, { data: {} })]);
    await client.courses.create({ title: 'a' });
    await client.courses.create({ title: 'b' }, { idempotencyKey: 'my-key' });
    await client.courses.create({ title: 'c' }, { idempotencyKey: false });
    await client.courses.get('crs_1');
    const keys = sent.map((r) => r.headers.get('idempotency-key'));
    assert.match(keys[0]!, /^[0-9a-f-]{36}$/);
    assert.deepEqual(keys.slice(1), ['my-key', null, null]);
  });

  it('headers given per call replace the library\'s whatever their case', async () => {
    const { client, sent } = fakeClient([json(201, { data: {} }), 'network_error', json(201, { data: {} })]);
    await client.courses.create({ title: 'a' }, { headers: { 'idempotency-key': 'from-headers', accept: 'application/json' } });
    await client.courses.create({ title: 'b' }, { idempotencyKey: false, headers: { 'IDEMPOTENCY-KEY': 'k2' } });
    assert.equal(sent[0]!.headers.get('idempotency-key'), 'from-headers');
    assert.deepEqual(sent.slice(1).map((r) => r.headers.get('idempotency-key')), ['k2', 'k2'], 'a key given in headers makes a POST safe to retry');
  });

  it('two calls get two different keys', async () => {
    const { client, sent } = fakeClient([json(201, { data: {} }), json(201, { data: {} })]);
    await client.courses.publish('crs_1');
    await client.courses.publish('crs_1');
    assert.notEqual(sent[0]!.headers.get('idempotency-key'), sent[1]!.headers.get('idempotency-key'));
    assert.equal(sent[0]!.body, undefined, 'an action without a body sends none');
  });

  it('the rotate actions send no body by default, or {grace_period_seconds}', async () => {
    const endpoint = { id: 'whe_1', secret: 'whsec_new' };
    const { client, sent } = fakeClient([json(200, { data: endpoint }), json(200, { data: endpoint }), json(200, { data: { id: 'key_1', key: 'lct_prod_new' } }), json(200, { data: { id: 'key_1' } }), json(422, { error: { code: 'validation_failed', message: 'm', details: {}, request_id: 'req_1' } })]);
    await client.webhooks.rotateSecret('whe_1');
    const rotated = await client.webhooks.rotateSecret('whe_1', { grace_period_seconds: 0 }, { idempotencyKey: 'rotate-1' });
    assert.equal(rotated.secret, 'whsec_new');
    assert.equal((await client.apiKeys.rotate('key_1', { grace_period_seconds: 3600 })).key, 'lct_prod_new');
    await client.apiKeys.rotate('key_1', undefined, { idempotencyKey: false });
    assert.deepEqual(sent.map((r) => [r.method, r.url.pathname, r.body, r.headers.get('content-type')]), [
      ['POST', '/api/v1/webhook-endpoints/whe_1/rotate-secret', undefined, null],
      ['POST', '/api/v1/webhook-endpoints/whe_1/rotate-secret', '{"grace_period_seconds":0}', 'application/json'],
      ['POST', '/api/v1/api-keys/key_1/rotate', '{"grace_period_seconds":3600}', 'application/json'],
      ['POST', '/api/v1/api-keys/key_1/rotate', undefined, null],
    ]);
    assert.equal(sent[1]!.headers.get('idempotency-key'), 'rotate-1');
    assert.equal(sent[3]!.headers.get('idempotency-key'), null);
    // @ts-expect-error the grace period is a number of seconds (untyped JavaScript sends it, and the API refuses it)
    await assert.rejects(client.apiKeys.rotate('key_1', { grace_period_seconds: '1h' }), ValidationError);
  });

  it('extra headers (If-Match) and query options, path ids encoded', async () => {
    const { client, sent } = fakeClient([json(200, { data: {} }), json(200, { data: { id: 'crs_1', deleted: true } })]);
    await client.courses.update('crs 1/x', { title: 'T' }, { headers: { 'If-Match': '"v1"' } });
    await client.courses.delete('crs_1', { force: true });
    assert.equal(sent[0]!.headers.get('if-match'), '"v1"');
    assert.equal(sent[0]!.url.pathname, '/api/v1/courses/crs%201%2Fx');
    assert.equal(sent[1]!.url.search, '?force=true');
  });

  it('a missing path id is refused before sending', async () => {
    const { client, sent } = fakeClient([]);
    await assert.rejects(client.courses.get(''), ConfigurationError);
    assert.equal(sent.length, 0);
  });
});

describe('answers', () => {
  it('a single resource answers its data, unwrapped; onResponse sees status and headers', async () => {
    const { client } = fakeClient([json(200, { data: { id: 'crs_1', title: 'T' } }, { etag: '"e1"', 'x-request-id': 'req_1' })]);
    let seen: { status: number; etag: string | null; requestId: string | null } | undefined;
    const course = await client.courses.get('crs_1', { onResponse: (r) => (seen = { status: r.status, etag: r.headers.get('etag'), requestId: r.requestId }) });
    assert.deepEqual(course, { id: 'crs_1', title: 'T' });
    assert.deepEqual(seen, { status: 200, etag: '"e1"', requestId: 'req_1' });
  });

  it('a list page and a bulk (207) answer their whole envelope', async () => {
    const page = { data: [{ id: 'crs_1' }], pagination: { page: 1, per_page: 20, total: 1, total_pages: 1, next_cursor: 'c' } };
    const bulk = { data: [{ index: 0, status: 'created', data: { id: 'stu_1' } }, { index: 1, status: 'error', error: { code: 'student_exists', message: 'm', details: {} } }] };
    const { client } = fakeClient([json(200, page), json(207, bulk)]);
    assert.deepEqual(await client.courses.listPage({ page: 1 }), page);
    const records = [
      { email: 'ada@example.com', name: 'Ada' },
      { email: 'ada@example.com', name: 'Ada again' },
    ];
    assert.deepEqual(await client.students.bulkCreate({ records }), bulk);
  });

  it('a 204 answers null; a download answers bytes', async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 3, 4]);
    const { client } = fakeClient([new Response(null, { status: 204 }), new Response(bytes, { status: 200, headers: { 'content-type': 'application/zip' } })]);
    assert.equal(await client.webhooks.deleteEndpoint('whe_1'), null);
    const file = await client.exports.download('exp_1');
    assert.ok(file instanceof Uint8Array);
    assert.deepEqual([...file], [...bytes]);
  });
});

describe('timeouts and cancellation', () => {
  const hanging = (request: Request) => {
    // A fetch that never answers until aborted, like a server that hangs.
    return new Promise<Response>((_resolve, reject) => request.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
  };

  it('a timeout is a ConnectionError, retried on a GET', async () => {
    let calls = 0;
    const sleeps: number[] = [];
    const client = new Lectern({
      apiKey: 'k',
      baseUrl: 'https://x.test/api/v1',
      timeout: 20,
      sleep: async (ms) => void sleeps.push(ms),
      fetch: (input, init) => {
        calls++;
        return calls < 3 ? hanging(new Request(input, init)) : Promise.resolve(json(200, { data: { id: 'crs_1' } }));
      },
    });
    assert.deepEqual(await client.courses.get('crs_1'), { id: 'crs_1' });
    assert.equal(calls, 3);
    assert.deepEqual(sleeps, [1000, 2000]);
  });

  it('a timeout on the last attempt says so', async () => {
    const client = new Lectern({ apiKey: 'k', baseUrl: 'https://x.test/api/v1', timeout: 20, maxAttempts: 1, fetch: (input, init) => hanging(new Request(input, init)) });
    await assert.rejects(client.courses.get('crs_1'), (e: unknown) => e instanceof ConnectionError && e.timedOut);
  });

  it('the timeout covers the body too: a body that stalls is a ConnectionError', async () => {
    const client = new Lectern({
      apiKey: 'k',
      baseUrl: 'https://x.test/api/v1',
      timeout: 30,
      maxAttempts: 1,
      fetch: async (_input, init) => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"data": {'));
            init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
          },
        });
        return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
      },
    });
    await assert.rejects(client.courses.get('crs_1'), (e: unknown) => e instanceof ConnectionError && e.timedOut);
  });

  it("the caller's abort is not retried and rejects with its reason", async () => {
    let calls = 0;
    const controller = new AbortController();
    const client = new Lectern({
      apiKey: 'k',
      baseUrl: 'https://x.test/api/v1',
      fetch: (input, init) => {
        calls++;
        setTimeout(() => controller.abort(new Error('user gave up')), 5);
        return hanging(new Request(input, init));
      },
    });
    await assert.rejects(client.courses.get('crs_1', { signal: controller.signal }), /user gave up/);
    assert.equal(calls, 1);
  });

  it('Retry-After as an HTTP date', () => {
    assert.equal(parseRetryAfter('Thu, 01 Jan 2026 00:00:10 GMT', Date.parse('2026-01-01T00:00:00Z')), 10);
    assert.equal(parseRetryAfter('soon'), null);
    assert.equal(parseRetryAfter('7'), 7);
  });
});
