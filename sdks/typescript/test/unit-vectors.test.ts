// Every case of the shared vectors in sdks/vectors/, read at run time: the three libraries cannot drift apart.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ApiError,
  AuthenticationError,
  ConflictError,
  ConnectionError,
  Lectern,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServerError,
  ValidationError,
  verifyWebhook,
  WebhookVerificationError,
} from '../src/index.js';
import { fakeClient, json, readShared, type FakeAnswer } from './helpers.js';

interface ErrorCase {
  name: string;
  status: number;
  headers: Record<string, string>;
  body?: unknown;
  body_text?: string;
  expect: { kind: string; status: number; code: string; message: string; details: object; request_id: string | null; retry_after: number | null };
}
const errors = readShared<{ cases: ErrorCase[] }>('vectors/errors.json');
const kinds: Record<string, typeof ApiError> = {
  not_found: NotFoundError,
  validation: ValidationError,
  authentication: AuthenticationError,
  permission: PermissionError,
  conflict: ConflictError,
  rate_limit: RateLimitError,
  server: ServerError,
  api: ApiError,
};

describe('errors.json', () => {
  for (const vector of errors.cases) {
    it(vector.name, async () => {
      const body = vector.body_text ?? JSON.stringify(vector.body);
      const { client } = fakeClient([new Response(body, { status: vector.status, headers: vector.headers })], { maxAttempts: 1 });
      const error = await client.courses.get('crs_1').then(
        () => assert.fail('expected an error'),
        (e: unknown) => e,
      );
      const Kind = kinds[vector.expect.kind];
      assert.ok(Kind, `unknown kind ${vector.expect.kind}`);
      assert.ok(error instanceof Kind, `${String(error)} is not a ${Kind.name}`);
      // The family is exact: a 404 is not also another kind.
      for (const [kind, Other] of Object.entries(kinds)) {
        if (kind !== vector.expect.kind && Other !== ApiError) assert.ok(!(error instanceof Other), `also a ${Other.name}`);
      }
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, vector.expect.status);
      assert.equal(error.code, vector.expect.code);
      assert.equal(error.message, vector.expect.message);
      assert.deepEqual(error.details, vector.expect.details);
      assert.equal(error.requestId, vector.expect.request_id);
      assert.equal(error.retryAfter, vector.expect.retry_after);
    });
  }
});

interface RetryCase {
  name: string;
  method: 'GET' | 'PUT' | 'DELETE' | 'POST';
  has_idempotency_key?: boolean;
  max_attempts?: number;
  answers: Array<'network_error' | { status: number; headers?: Record<string, string> }>;
  expect: { attempts: number; sleeps: number[]; outcome: { ok?: number; error?: number | 'network_error' } };
}
const retries = readShared<{ defaults: { max_attempts: number; max_retry_after: number }; cases: RetryCase[] }>('vectors/retries.json');

describe('retries.json', () => {
  it('defaults are the library defaults', () => {
    const client = new Lectern({ apiKey: 'k', baseUrl: 'https://lectern.test/api/v1' });
    assert.equal(client.maxAttempts, retries.defaults.max_attempts);
    assert.equal(client.maxRetryAfter, retries.defaults.max_retry_after);
  });

  for (const vector of retries.cases) {
    it(vector.name, async () => {
      const answers: FakeAnswer[] = vector.answers.map((answer) =>
        answer === 'network_error' ? 'network_error' : json(answer.status, answer.status < 300 ? { data: { id: 'crs_1' } } : undefined, answer.headers),
      );
      const { client, sent, sleeps, remaining } = fakeClient(answers, vector.max_attempts ? { maxAttempts: vector.max_attempts } : {});
      let status: number | undefined;
      const options = { onResponse: (r: { status: number }) => (status = r.status) };
      const call = {
        GET: () => client.courses.get('crs_1', options),
        PUT: () => client.courses.update('crs_1', { title: 'T' }, options),
        DELETE: () => client.courses.delete('crs_1', undefined, options),
        POST: () => client.courses.create({ title: 'T' }, { ...options, ...(vector.has_idempotency_key === false ? { idempotencyKey: false as const } : {}) }),
      }[vector.method];
      const outcome = await call().then(
        () => ({ ok: status }),
        (error: unknown) => {
          if (error instanceof ConnectionError) return { error: 'network_error' as const };
          if (error instanceof ApiError) return { error: error.status };
          throw error;
        },
      );
      assert.deepEqual(outcome, vector.expect.outcome);
      assert.equal(sent.length, vector.expect.attempts);
      assert.deepEqual(sleeps, vector.expect.sleeps);
      assert.equal(remaining.length, vector.answers.length - vector.expect.attempts);
      for (const request of sent) assert.equal(request.method, vector.method);
      const keys = sent.map((request) => request.headers.get('idempotency-key'));
      if (vector.method === 'POST' && vector.has_idempotency_key !== false) {
        assert.match(keys[0] ?? '', /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        assert.ok(keys.every((key) => key === keys[0]), 'the same Idempotency-Key on every attempt');
      } else {
        assert.ok(keys.every((key) => key === null));
      }
    });
  }
});

interface PaginationVector {
  path: string;
  caller_query: Record<string, string | number>;
  exchanges: Array<{ query: Record<string, string>; response: unknown }>;
  expect_ids: string[];
  lazy: { consume: number; expect_requests: number };
}
const pagination = readShared<PaginationVector>('vectors/pagination.json');

describe('pagination.json', () => {
  const answers = () => pagination.exchanges.map((exchange) => json(200, exchange.response));

  it('walks every page in cursor mode, in order, sending the caller filters each time', async () => {
    const { client, sent } = fakeClient(answers());
    const ids: string[] = [];
    for await (const student of client.students.list(pagination.caller_query)) ids.push(student.id);
    assert.deepEqual(ids, pagination.expect_ids);
    assert.equal(sent.length, pagination.exchanges.length);
    sent.forEach((request, index) => {
      assert.equal(request.method, 'GET');
      assert.equal(request.url.pathname, `/api/v1${pagination.path}`);
      assert.deepEqual(Object.fromEntries(request.url.searchParams), pagination.exchanges[index]?.query);
    });
  });

  it('is lazy: the next page is asked only when the items of the previous one are consumed', async () => {
    const { client, sent } = fakeClient(answers());
    let consumed = 0;
    for await (const _student of client.students.list(pagination.caller_query)) {
      if (++consumed === pagination.lazy.consume) break;
    }
    assert.equal(sent.length, pagination.lazy.expect_requests);
  });

  it('toArray() collects the same items', async () => {
    const { client } = fakeClient(answers());
    const students = await client.students.list(pagination.caller_query).toArray();
    assert.deepEqual(students.map((s) => s.id), pagination.expect_ids);
  });
});

interface WebhookCase {
  name: string;
  secret: string;
  payload: string;
  headers: Record<string, string>;
  now: number;
  valid: boolean;
  event?: unknown;
}
const webhooks = readShared<{ tolerance_seconds: number; cases: WebhookCase[] }>('vectors/webhooks.json');

describe('webhooks.json', () => {
  const client = new Lectern({ apiKey: 'k', baseUrl: 'https://lectern.test/api/v1' });
  const verifiers = {
    verifyWebhook,
    'client.webhooks.verify': client.webhooks.verify.bind(client.webhooks),
    'Lectern.verifyWebhook': Lectern.verifyWebhook.bind(Lectern),
  };
  for (const vector of webhooks.cases) {
    for (const [via, verify] of Object.entries(verifiers)) {
      it(`${vector.name} (${via})`, async () => {
        const attempt = verify(vector.payload, vector.headers, vector.secret, { now: vector.now, toleranceSeconds: webhooks.tolerance_seconds });
        if (vector.valid) assert.deepEqual(await attempt, vector.event);
        else await assert.rejects(attempt, WebhookVerificationError);
      });
    }
    it(`${vector.name} (bytes and a Headers object, default tolerance)`, async () => {
      const attempt = verifyWebhook(new TextEncoder().encode(vector.payload), new Headers(vector.headers), vector.secret, { now: new Date(vector.now * 1000) });
      if (vector.valid) assert.deepEqual(await attempt, vector.event);
      else await assert.rejects(attempt, WebhookVerificationError);
    });
  }
});
