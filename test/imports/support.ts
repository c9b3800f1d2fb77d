import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../src/config.js';
import type { TestDialect } from '../dialects.js';
import yazl from 'yazl';
import { createCourse, setupApp, show, type TestApp, type TestResponse } from '../harness.js';

/** An app whose imports go in small chunks, so that a few rows cross several chunk transactions. */
export async function importApp(dialect: TestDialect, config: Partial<Config> = {}): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-imports-'));
  return setupApp(dialect, { config: { imports: { dir, chunkRows: 3, leaseMs: 60_000 }, ...config } });
}

export const mediaTypes = { csv: 'text/csv', ndjson: 'application/x-ndjson', zip: 'application/zip' } as const;

export interface PostOptions {
  query?: string;
  key?: string;
  idempotencyKey?: string;
  contentType?: string;
}

/** POST /imports with a file as its body. */
export function postImport(t: TestApp, format: keyof typeof mediaTypes, body: string | Buffer, options: PostOptions = {}): Promise<TestResponse> {
  return t.request({
    method: 'POST',
    url: `/api/v1/imports${options.query ? `?${options.query}` : ''}`,
    payload: body,
    headers: { 'content-type': options.contentType ?? mediaTypes[format], ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}) },
    ...(options.key ? { key: options.key } : {}),
  });
}

/**
 * A new key of the harness's workspace with every scope: imports have a window of 10 an hour per
 * key, so each import of a test that is not about that window comes from a key of its own.
 */
export async function freshKey(t: TestApp, scopes?: string[]): Promise<string> {
  return (await t.newKey({ accountId: t.accountId, ...(scopes ? { scopes } : {}) })).key;
}

/** Posts a file (from a fresh key unless one is given), lets the jobs run, and answers the import as GET answers it then. */
export async function runImport(t: TestApp, format: keyof typeof mediaTypes, body: string | Buffer, options: PostOptions = {}) {
  const created = await postImport(t, format, body, { ...options, key: options.key ?? (await freshKey(t)) });
  if (created.status !== 202) throw new Error(`import not accepted: ${show(created)}`);
  await t.app.background.drain();
  return getImport(t, created.body.data.id as string);
}

export async function getImport(t: TestApp, id: string, key?: string) {
  const response = await t.request({ url: `/api/v1/imports/${id}`, ...(key ? { key } : {}) });
  if (response.status !== 200) throw new Error(`GET import failed: ${show(response)}`);
  return response.body.data;
}

/**
 * GET /imports/{id}/results as a client reads it (by inject: the harness would parse the NDJSON,
 * whose media type names json, as one JSON document).
 */
export async function resultsText(t: TestApp, id: string, query = '', accept = 'application/x-ndjson', key = t.key) {
  const response = await t.app.inject({ url: `/api/v1/imports/${id}/results${query}`, headers: { accept, authorization: `Bearer ${key}` } });
  return { status: response.statusCode, type: String(response.headers['content-type']), text: response.body };
}

/** The result lines as NDJSON, parsed. */
export async function results(t: TestApp, id: string, query = ''): Promise<any[]> {
  const response = await resultsText(t, id, query);
  if (response.status !== 200) throw new Error(`results failed: ${response.status} ${response.text}`);
  return response.text.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line));
}

/** A published course with an external id, through the API. */
export async function publishedCourse(t: TestApp, externalId: string, key?: string) {
  const course = await createCourse(t, { title: `Course ${externalId}`, published: true, external_id: externalId }, key);
  return course;
}

export function studentsCsv(rows: { external_id: string; email?: string; name?: string; status?: string }[]): string {
  return ['external_id,email,name,status', ...rows.map((r) => [r.external_id, r.email ?? '', r.name ?? '', r.status ?? ''].join(','))].join('\n') + '\n';
}

export const zeroCounts = { created: 0, updated: 0, unchanged: 0, deactivated: 0, failed: 0, skipped: 0 };

/** A zip of the given members, built in memory. */
export async function zipOf(members: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(members)) zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The students of the workspace with this external id (0 or 1). */
export async function studentsWith(t: TestApp, externalId: string): Promise<any[]> {
  return (await t.request({ url: `/api/v1/students?external_id=${encodeURIComponent(externalId)}` })).body.data;
}
