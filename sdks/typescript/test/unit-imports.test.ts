// imports.create, wait and results over a fake transport: what goes on the wire for each kind of
// file, retries of an upload, waiting, and the results' lines.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { ConfigurationError, Lectern, ServerError } from '../src/index.js';
import { json } from './helpers.js';

interface Sent {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

/** A client whose transport reads each request's whole body, then answers the next of `answers`. */
function uploadClient(answers: Response[]) {
  const sent: Sent[] = [];
  const sleeps: number[] = [];
  const client = new Lectern({
    apiKey: 'lct_prod_test',
    baseUrl: 'https://lectern.test/api/v1',
    fetch: async (input, init) => {
      const request = new Request(input, init);
      sent.push({ method: request.method, url: new URL(request.url), headers: request.headers, body: await request.text() });
      const next = answers.shift();
      if (next === undefined) throw new Error(`unexpected request ${request.method} ${request.url}`);
      return next;
    },
    sleep: async (milliseconds) => {
      sleeps.push(milliseconds);
    },
  });
  return { client, sent, sleeps };
}

const folder = mkdtempSync(path.join(os.tmpdir(), 'lectern-sdk-imports-'));
function file(name: string, text: string): string {
  const where = path.join(folder, name);
  writeFileSync(where, text);
  return where;
}

const csv = 'external_id,email,name\ns-1,ada@example.com,Ada\ns-2,alan@example.com,Alan\n';
const queued = { id: 'imp_1', status: 'queued', progress: { done: 0, total: null } };
const running = { id: 'imp_1', status: 'running', progress: { done: 1, total: 2 } };
const done = { id: 'imp_1', status: 'succeeded', progress: { done: 2, total: 2 } };

describe('imports.create', () => {
  it('streams a CSV file from its path with its type, an Idempotency-Key and the query', async () => {
    const { client, sent } = uploadClient([json(202, { data: queued })]);
    const created = await client.imports.create(file('students.csv', csv), { type: 'students', dry_run: true, mode: 'create_only' });
    assert.deepEqual(created, queued);
    const request = sent[0]!;
    assert.equal(request.method, 'POST');
    assert.equal(request.url.pathname, '/api/v1/imports');
    assert.deepEqual(Object.fromEntries(request.url.searchParams), { type: 'students', dry_run: 'true', mode: 'create_only' });
    assert.equal(request.headers.get('content-type'), 'text/csv');
    assert.match(request.headers.get('idempotency-key') ?? '', /^[0-9a-f-]{36}$/);
    assert.equal(request.body, csv);
  });

  it('takes the content type from the extension: .zip, .ndjson and .jsonl; contentType overrides it', async () => {
    const { client, sent } = uploadClient([json(202, { data: queued }), json(202, { data: queued }), json(202, { data: queued }), json(202, { data: queued })]);
    await client.imports.create(file('roster.zip', 'PK'));
    await client.imports.create(file('roster.ndjson', '{"type":"student"}\n'));
    await client.imports.create(file('roster.JSONL', '{"type":"student"}\n'));
    await client.imports.create(file('roster.txt', csv), { type: 'students' }, { contentType: 'text/csv; charset=utf-8' });
    assert.deepEqual(
      sent.map((r) => r.headers.get('content-type')),
      ['application/zip', 'application/x-ndjson', 'application/x-ndjson', 'text/csv; charset=utf-8'],
    );
  });

  it('refuses, before any request, a CSV without its type and a file whose type it cannot tell', async () => {
    const { client, sent } = uploadClient([]);
    await assert.rejects(client.imports.create(file('a.csv', csv)), (e: unknown) => e instanceof ConfigurationError && /needs its type/.test(e.message));
    await assert.rejects(client.imports.create(new Uint8Array([1, 2])), (e: unknown) => e instanceof ConfigurationError && /contentType/.test(e.message));
    await assert.rejects(client.imports.create(path.join(folder, 'missing.csv'), { type: 'students' }), /ENOENT/);
    assert.equal(sent.length, 0);
  });

  it('a File, bytes and a Node stream are sent as they are; a name-less one is a CSV when the query has a type', async () => {
    const { client, sent } = uploadClient([json(202, { data: queued }), json(202, { data: queued }), json(202, { data: queued })]);
    await client.imports.create(new File([csv], 'students.csv'), { type: 'students' });
    await client.imports.create(new TextEncoder().encode(csv), { type: 'enrollments' });
    await client.imports.create(Readable.from([Buffer.from('{"type":"student",'), Buffer.from('"external_id":"s-1"}\n')]), undefined, { contentType: 'application/x-ndjson' });
    assert.deepEqual(
      sent.map((r) => [r.headers.get('content-type'), r.body]),
      [
        ['text/csv', csv],
        ['text/csv', csv],
        ['application/x-ndjson', '{"type":"student","external_id":"s-1"}\n'],
      ],
    );
  });

  it('a path is read anew for a retry, under the same Idempotency-Key; a stream is sent once, not retried', async () => {
    const retried = uploadClient([json(503, { error: { code: 'service_unavailable', message: 'down' } }, { 'retry-after': '1' }), json(202, { data: queued })]);
    await retried.client.imports.create(file('retry.csv', csv), { type: 'students' }, { idempotencyKey: 'nightly-2026-11-29' });
    assert.deepEqual(
      retried.sent.map((r) => [r.headers.get('idempotency-key'), r.body]),
      [
        ['nightly-2026-11-29', csv],
        ['nightly-2026-11-29', csv],
      ],
    );
    assert.deepEqual(retried.sleeps, [1000]);

    const once = uploadClient([json(503, { error: { code: 'service_unavailable', message: 'down' } }, { 'retry-after': '1' })]);
    await assert.rejects(once.client.imports.create(Readable.from([Buffer.from(csv)]), { type: 'students' }), ServerError);
    assert.equal(once.sent.length, 1);
  });

  it('wait: true reads the import, pausing 500 ms then doubling, until it is done', async () => {
    const { client, sent, sleeps } = uploadClient([json(202, { data: queued }), json(200, { data: queued }), json(200, { data: running }), json(200, { data: running }), json(200, { data: done })]);
    const finished = await client.imports.create(file('wait.csv', csv), { type: 'students' }, { wait: true });
    assert.deepEqual(finished, done);
    assert.deepEqual(
      sent.map((r) => `${r.method} ${r.url.pathname}`),
      ['POST /api/v1/imports', 'GET /api/v1/imports/imp_1', 'GET /api/v1/imports/imp_1', 'GET /api/v1/imports/imp_1', 'GET /api/v1/imports/imp_1'],
    );
    assert.equal(sent[1]!.headers.get('idempotency-key'), null);
    assert.deepEqual(sleeps, [500, 1000, 2000]);
  });

  it('wait stops at awaiting_confirmation, and answers a settled import without reading it again', async () => {
    const awaiting = { ...running, status: 'awaiting_confirmation' };
    const { client, sleeps } = uploadClient([json(200, { data: running }), json(200, { data: awaiting }), json(202, { data: done })]);
    assert.deepEqual(await client.imports.wait('imp_1', { pollInterval: 100, maxPollInterval: 100 }), awaiting);
    assert.deepEqual(sleeps, [100]);
    assert.deepEqual(await client.imports.create(file('settled.csv', csv), { type: 'students' }, { wait: true }), done);
  });
});

describe('imports.results', () => {
  it('asks NDJSON (status=error for the failures) and yields each line parsed, only once iterated', async () => {
    const lines = [
      { file: '-', line: 2, type: 'student', external_id: 's-1', action: 'created' },
      { file: '-', line: 3, type: 'student', external_id: 's-2', action: 'failed', code: 'validation_error', field: 'email', message: 'not an email' },
    ];
    const body = `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
    const { client, sent } = uploadClient([new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } })]);
    const results = client.imports.results('imp_1', { status: 'error' });
    assert.equal(sent.length, 0);
    const rows = [];
    for await (const row of results) rows.push(row);
    assert.deepEqual(rows, lines);
    assert.equal(sent[0]!.url.pathname, '/api/v1/imports/imp_1/results');
    assert.equal(sent[0]!.url.searchParams.get('status'), 'error');
    assert.equal(sent[0]!.headers.get('accept'), 'application/x-ndjson');
  });
});
