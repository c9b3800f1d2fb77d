// Writes the shared test vectors every official library reads (sdks/vectors/*.json), so the three
// cannot drift apart. Run: node sdks/vectors/generate.mjs. The files are committed; CI regenerates
// them and fails if they differ. Signatures are computed here exactly as Lectern signs deliveries
// (src/modules/webhooks/signing.ts, Standard Webhooks v1).
import { createHmac } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const write = (name, value) => writeFileSync(path.join(dir, name), `${JSON.stringify(value, null, 2)}\n`);

// ---------- webhooks.json ----------
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const oldSecret = 'whsec_5lnOWACAJ3Orl3zQBnTHPnIJpYXsBTxJBlKgfkiJeaA=';
const otherSecret = 'whsec_dGhpcyBpcyBub3QgdGhlIHJpZ2h0IHNlY3JldCEhIQ==';
const sign = (key, id, ts, body) => `v1,${createHmac('sha256', Buffer.from(key.slice('whsec_'.length), 'base64')).update(`${id}.${ts}.${body}`).digest('base64')}`;

const event = {
  id: 'evt_01m805yc765mekgzja4g3yyw8q',
  type: 'course.created',
  created_at: '2026-11-21T23:09:28.166Z',
  data: {
    object: {
      id: 'crs_01m805yc765mekgzja4g3yyw8p',
      title: 'Intro to Statistics',
      description: 'Descriptive statistics',
      published: false,
      enrollment_count: 0,
      metadata: { level: 'beginner' },
      created_at: '2026-11-21T23:09:28.166Z',
      updated_at: '2026-11-21T23:09:28.166Z',
    },
  },
};
const payload = JSON.stringify(event);
const id = event.id;
const ts = 1795000000;
const headersOf = (signature, timestamp = ts, messageId = id) => ({ 'webhook-id': messageId, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature });

write('webhooks.json', {
  description:
    'Webhook verification. For each case: verify(payload, headers, secret) at the instant `now` (Unix seconds). ' +
    '`valid: true` answers `event` (the payload parsed); `valid: false` raises the library\'s webhook verification error. ' +
    'Tolerance: a timestamp more than 300 s before or after `now` is refused. Header names are case-insensitive.',
  tolerance_seconds: 300,
  cases: [
    { name: 'valid signature', secret, payload, headers: headersOf(sign(secret, id, ts, payload)), now: ts + 10, valid: true, event },
    {
      name: 'header names in another case',
      secret,
      payload,
      headers: { 'Webhook-Id': id, 'Webhook-Timestamp': String(ts), 'Webhook-Signature': sign(secret, id, ts, payload) },
      now: ts,
      valid: true,
      event,
    },
    { name: 'rotation: new and old signatures, verified with the old secret', secret: oldSecret, payload, headers: headersOf(`${sign(secret, id, ts, payload)} ${sign(oldSecret, id, ts, payload)}`), now: ts, valid: true, event },
    { name: 'rotation: verified with the new secret', secret, payload, headers: headersOf(`${sign(secret, id, ts, payload)} ${sign(oldSecret, id, ts, payload)}`), now: ts, valid: true, event },
    { name: 'timestamp 299 s old is accepted', secret, payload, headers: headersOf(sign(secret, id, ts, payload)), now: ts + 299, valid: true, event },
    { name: 'tampered body', secret, payload: payload.replace('Intro to Statistics', 'Intro to Statistics!'), headers: headersOf(sign(secret, id, ts, payload)), now: ts, valid: false },
    { name: 'wrong secret', secret: otherSecret, payload, headers: headersOf(sign(secret, id, ts, payload)), now: ts, valid: false },
    { name: 'signature over another message id', secret, payload, headers: headersOf(sign(secret, 'evt_other', ts, payload)), now: ts, valid: false },
    { name: 'timestamp 301 s old', secret, payload, headers: headersOf(sign(secret, id, ts, payload)), now: ts + 301, valid: false },
    { name: 'timestamp 301 s in the future', secret, payload, headers: headersOf(sign(secret, id, ts, payload)), now: ts - 301, valid: false },
    { name: 'timestamp changed after signing', secret, payload, headers: headersOf(sign(secret, id, ts, payload), ts + 1), now: ts, valid: false },
    { name: 'non-numeric timestamp', secret, payload, headers: headersOf(sign(secret, id, ts, payload), 'yesterday'), now: ts, valid: false },
    { name: 'unknown signature version only', secret, payload, headers: headersOf(sign(secret, id, ts, payload).replace('v1,', 'v2,')), now: ts, valid: false },
    { name: 'missing webhook-signature', secret, payload, headers: { 'webhook-id': id, 'webhook-timestamp': String(ts) }, now: ts, valid: false },
    { name: 'missing webhook-id', secret, payload, headers: { 'webhook-timestamp': String(ts), 'webhook-signature': sign(secret, id, ts, payload) }, now: ts, valid: false },
  ],
});

// ---------- errors.json ----------
const requestId = 'req_01m805yc765mekgzja4g3yyw8z';
write('errors.json', {
  description:
    'Error answers and the exception a library raises for each: `status`, `code`, `message`, `details` (an object, {} when absent), ' +
    '`request_id` (from the body, else the X-Request-Id header, else null) and `retry_after` (429 only: error.retry_after, else the Retry-After header; null otherwise). ' +
    '`kind` names the exception class family: not_found (404), validation (400 and 422), authentication (401), permission (403), conflict (409 and 412), ' +
    'rate_limit (429), server (5xx), api (any other status). An answer that is not a Lectern error body keeps code "unexpected_response" and its status in the message.',
  cases: [
    {
      name: '404 resource_not_found',
      status: 404,
      headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestId },
      body: { error: { code: 'resource_not_found', message: 'Course crs_01m805yc765mekgzja4g3yyw8p not found', details: {}, request_id: requestId } },
      expect: { kind: 'not_found', status: 404, code: 'resource_not_found', message: 'Course crs_01m805yc765mekgzja4g3yyw8p not found', details: {}, request_id: requestId, retry_after: null },
    },
    {
      name: '400 validation_error with details',
      status: 400,
      headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestId },
      body: { error: { code: 'validation_error', message: 'title must NOT have fewer than 1 characters', details: { errors: [{ path: '/title', message: 'must NOT have fewer than 1 characters' }] }, request_id: requestId } },
      expect: { kind: 'validation', status: 400, code: 'validation_error', message: 'title must NOT have fewer than 1 characters', details: { errors: [{ path: '/title', message: 'must NOT have fewer than 1 characters' }] }, request_id: requestId, retry_after: null },
    },
    {
      name: '422 idempotency_key_reused',
      status: 422,
      headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestId },
      body: { error: { code: 'idempotency_key_reused', message: 'Idempotency-Key k1 was used with another request', details: {}, request_id: requestId } },
      expect: { kind: 'validation', status: 422, code: 'idempotency_key_reused', message: 'Idempotency-Key k1 was used with another request', details: {}, request_id: requestId, retry_after: null },
    },
    {
      name: '429 rate_limit_exceeded',
      status: 429,
      headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestId, 'retry-after': '17', 'x-ratelimit-limit': '1000', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1795000017' },
      body: { error: { code: 'rate_limit_exceeded', message: 'Rate limit exceeded: retry in 17 seconds', retry_after: 17, details: {}, request_id: requestId } },
      expect: { kind: 'rate_limit', status: 429, code: 'rate_limit_exceeded', message: 'Rate limit exceeded: retry in 17 seconds', details: {}, request_id: requestId, retry_after: 17 },
    },
    {
      name: '401 missing_api_key without details',
      status: 401,
      headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestId },
      body: { error: { code: 'missing_api_key', message: 'An API key is required', request_id: requestId } },
      expect: { kind: 'authentication', status: 401, code: 'missing_api_key', message: 'An API key is required', details: {}, request_id: requestId, retry_after: null },
    },
    {
      name: '403 insufficient_permissions',
      status: 403,
      headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestId },
      body: { error: { code: 'insufficient_permissions', message: 'This key lacks scope courses:write', details: { required_scope: 'courses:write' }, request_id: requestId } },
      expect: { kind: 'permission', status: 403, code: 'insufficient_permissions', message: 'This key lacks scope courses:write', details: { required_scope: 'courses:write' }, request_id: requestId, retry_after: null },
    },
    {
      name: '409 already_enrolled',
      status: 409,
      headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestId },
      body: { error: { code: 'already_enrolled', message: 'Student stu_1 is already enrolled in course crs_1', details: {}, request_id: requestId } },
      expect: { kind: 'conflict', status: 409, code: 'already_enrolled', message: 'Student stu_1 is already enrolled in course crs_1', details: {}, request_id: requestId, retry_after: null },
    },
    {
      name: '503 service_unavailable',
      status: 503,
      headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestId, 'retry-after': '1' },
      body: { error: { code: 'service_unavailable', message: 'The database is unavailable; retry shortly', details: {}, request_id: requestId } },
      expect: { kind: 'server', status: 503, code: 'service_unavailable', message: 'The database is unavailable; retry shortly', details: {}, request_id: requestId, retry_after: null },
    },
    {
      name: '502 from a proxy, not a Lectern body',
      status: 502,
      headers: { 'content-type': 'text/html', 'x-request-id': requestId },
      body_text: '<html><body>Bad Gateway</body></html>',
      expect: { kind: 'server', status: 502, code: 'unexpected_response', message: 'HTTP 502', details: {}, request_id: requestId, retry_after: null },
    },
    {
      name: '418 unknown status without request id',
      status: 418,
      headers: { 'content-type': 'text/plain' },
      body_text: 'teapot',
      expect: { kind: 'api', status: 418, code: 'unexpected_response', message: 'HTTP 418', details: {}, request_id: null, retry_after: null },
    },
  ],
});

// ---------- pagination.json ----------
const student = (n) => ({ id: `stu_${String(n).padStart(3, '0')}`, email: `s${n}@example.com`, name: `Student ${n}` });
write('pagination.json', {
  description:
    'Auto-pagination in cursor mode. The library asks `path` with the query of each request in turn (the first with cursor= empty and the caller\'s per_page, ' +
    'each next one with the previous answer\'s next_cursor) and yields the items of every page in order, lazily: it asks for the next page only when the ' +
    'items of the previous one are consumed, and stops when has_more is false (or next_cursor is null). Extra filters given by the caller are sent on every request.',
  path: '/students',
  caller_query: { per_page: 2, updated_since: '2026-11-01T00:00:00.000Z' },
  exchanges: [
    { query: { cursor: '', per_page: '2', updated_since: '2026-11-01T00:00:00.000Z' }, response: { data: [student(1), student(2)], pagination: { per_page: 2, next_cursor: 'c1', has_more: true } } },
    { query: { cursor: 'c1', per_page: '2', updated_since: '2026-11-01T00:00:00.000Z' }, response: { data: [student(3), student(4)], pagination: { per_page: 2, next_cursor: 'c2', has_more: true } } },
    { query: { cursor: 'c2', per_page: '2', updated_since: '2026-11-01T00:00:00.000Z' }, response: { data: [student(5)], pagination: { per_page: 2, next_cursor: null, has_more: false } } },
  ],
  expect_ids: ['stu_001', 'stu_002', 'stu_003', 'stu_004', 'stu_005'],
  lazy: { consume: 2, expect_requests: 1 },
});

// ---------- retries.json ----------
write('retries.json', {
  description:
    'Retry schedules. Each case is one call: `method` (POST with has_idempotency_key false means the caller turned the generated key off), ' +
    '`answers` are what the server gives to each attempt in turn ({status, headers} or "network_error"), `max_attempts` the configured attempts (default 3). ' +
    'Expected: how many attempts were made, the sleeps between them in seconds, and the outcome ("ok" with the final status, or the error raised: its status, or "network_error"). ' +
    'Rules: on 429 wait Retry-After seconds when present, else 2^attempt (attempt counted from 0; not capped: max_attempts bounds it); ' +
    'a Retry-After above max_retry_after (default 60), on any status, is not waited for: the error is raised at once. ' +
    'Network errors and 502/503/504 are retried (waiting Retry-After when present, else 2^attempt) only for GET, PUT, DELETE and for a POST that carries an Idempotency-Key; ' +
    'other statuses are never retried. The same Idempotency-Key is sent on every attempt of one call.',
  defaults: { max_attempts: 3, max_retry_after: 60 },
  cases: [
    { name: '429 with Retry-After, then success', method: 'GET', answers: [{ status: 429, headers: { 'retry-after': '2' } }, { status: 200 }], expect: { attempts: 2, sleeps: [2], outcome: { ok: 200 } } },
    { name: '429 without Retry-After: 1 s then 2 s, then give up', method: 'GET', answers: [{ status: 429 }, { status: 429 }, { status: 429 }], expect: { attempts: 3, sleeps: [1, 2], outcome: { error: 429 } } },
    { name: '429 on a POST without an Idempotency-Key is still retried', method: 'POST', has_idempotency_key: false, answers: [{ status: 429, headers: { 'retry-after': '1' } }, { status: 201 }], expect: { attempts: 2, sleeps: [1], outcome: { ok: 201 } } },
    { name: 'Retry-After above the cap is raised at once', method: 'GET', answers: [{ status: 429, headers: { 'retry-after': '3600' } }], expect: { attempts: 1, sleeps: [], outcome: { error: 429 } } },
    { name: '503 with a Retry-After above the cap is raised at once', method: 'GET', answers: [{ status: 503, headers: { 'retry-after': '120' } }], expect: { attempts: 1, sleeps: [], outcome: { error: 503 } } },
    { name: '503 on GET with Retry-After 1', method: 'GET', answers: [{ status: 503, headers: { 'retry-after': '1' } }, { status: 200 }], expect: { attempts: 2, sleeps: [1], outcome: { ok: 200 } } },
    { name: '502 then 504 on PUT, then success', method: 'PUT', answers: [{ status: 502 }, { status: 504 }, { status: 200 }], expect: { attempts: 3, sleeps: [1, 2], outcome: { ok: 200 } } },
    { name: 'network error on DELETE, then success', method: 'DELETE', answers: ['network_error', { status: 200 }], expect: { attempts: 2, sleeps: [1], outcome: { ok: 200 } } },
    { name: '503 on POST with an Idempotency-Key', method: 'POST', has_idempotency_key: true, answers: [{ status: 503 }, { status: 201 }], expect: { attempts: 2, sleeps: [1], outcome: { ok: 201 } } },
    { name: '503 on POST without an Idempotency-Key is not retried', method: 'POST', has_idempotency_key: false, answers: [{ status: 503 }], expect: { attempts: 1, sleeps: [], outcome: { error: 503 } } },
    { name: 'network error on POST without an Idempotency-Key is not retried', method: 'POST', has_idempotency_key: false, answers: ['network_error'], expect: { attempts: 1, sleeps: [], outcome: { error: 'network_error' } } },
    { name: 'network errors on GET exhaust the attempts', method: 'GET', answers: ['network_error', 'network_error', 'network_error'], expect: { attempts: 3, sleeps: [1, 2], outcome: { error: 'network_error' } } },
    { name: '500 is never retried', method: 'GET', answers: [{ status: 500 }], expect: { attempts: 1, sleeps: [], outcome: { error: 500 } } },
    { name: '400 is never retried', method: 'POST', has_idempotency_key: true, answers: [{ status: 400 }], expect: { attempts: 1, sleeps: [], outcome: { error: 400 } } },
    { name: 'max_attempts 1 turns retries off', method: 'GET', max_attempts: 1, answers: [{ status: 429, headers: { 'retry-after': '1' } }], expect: { attempts: 1, sleeps: [], outcome: { error: 429 } } },
    { name: 'max_attempts 5 without Retry-After: 1, 2, 4, 8', method: 'GET', max_attempts: 5, answers: [{ status: 429 }, { status: 429 }, { status: 429 }, { status: 429 }, { status: 200 }], expect: { attempts: 5, sleeps: [1, 2, 4, 8], outcome: { ok: 200 } } },
  ],
});
