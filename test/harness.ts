import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { runtimeTunings } from '../src/runtime/tunings.js';
import { type Database, migrateToLatest, openDatabase } from '../src/db/database.js';
import type { Environment, Plan } from '../src/db/types.js';
import { createAccount, setPlan } from '../src/modules/accounts/accounts.service.js';
import { createKey } from '../src/modules/api-keys/api-keys.service.js';
import type { Lookup } from '../src/modules/webhooks/url-safety.js';
import { ManualClock } from '../src/shared/clock.js';
import type { ServiceContext } from '../src/shared/context.js';
import { postgresAdminUrl, type TestDialect, withDatabase } from './dialects.js';
import { ResponseChecker } from './openapi-check.js';

export interface TestResponse<T = any> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: T;
  text: string;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
  url: string;
  /** API key to send as Bearer; `null` sends none. Defaults to the harness's production key. */
  key?: string | null;
  body?: unknown;
  /** Raw payload, sent as is (no JSON encoding). */
  payload?: string | Buffer;
  headers?: Record<string, string>;
  /** Client address the request comes from (default 127.0.0.1). */
  remoteAddress?: string;
}

export interface TestApp {
  dialect: TestDialect;
  app: FastifyInstance;
  database: Database;
  ctx: ServiceContext;
  config: Config;
  clock: ManualClock;
  /** A professional account's production key with every scope (its hourly and burst limits set very high). */
  key: string;
  accountId: string;
  request<T = any>(options: RequestOptions): Promise<TestResponse<T>>;
  /** Another account, or another environment/scope set of an account, with a fresh key. */
  newKey(options?: { accountId?: string; plan?: Plan; environment?: Environment; scopes?: string[] }): Promise<{ key: string; keyId: string; accountId: string }>;
  close(): Promise<void>;
}

export interface SetupOptions {
  config?: Partial<Config>;
  /** Adds routes before the app is ready (test-only routes). */
  extend?: (app: FastifyInstance) => void | Promise<void>;
  /** Resolves webhook host names in place of DNS. */
  webhookLookup?: Lookup;
  /** PostgreSQL template database to clone, for runs outside vitest (scripts/fuzz.ts); the global setup's otherwise. */
  pgTemplate?: string;
}

/** A fresh, migrated database of the given dialect and the app on top of it. */
export async function setupApp(dialect: TestDialect, options: SetupOptions = {}): Promise<TestApp> {
  const { database, drop, dataDir } = await freshDatabase(dialect, options.pgTemplate);
  // RUNTIME_TUNING=off in the environment runs the suite without the runtime tunings (CI does both).
  const config: Config = { ...loadConfig({ DATA_DIR: dataDir, RUNTIME_TUNING: process.env.RUNTIME_TUNING }), ...options.config };
  const clock = new ManualClock(Date.UTC(2026, 10, 21, 12, 0, 0));
  const ctx: ServiceContext = { db: database, clock };
  const app = await buildApp({ config, database, clock, ...(options.webhookLookup ? { webhookLookup: options.webhookLookup } : {}) });
  await options.extend?.(app);
  await app.ready();
  const checker = ResponseChecker.for(app.swagger() as never, config.rateLimits);

  const newKey: TestApp['newKey'] = async (opts = {}) => {
    const accountId = opts.accountId ?? (await createAccount(ctx, { name: 'Test school', plan: opts.plan ?? 'professional' })).id;
    const { record, key } = await createKey(ctx, { accountId, environment: opts.environment ?? 'production', name: 'test', scopes: opts.scopes });
    return { key, keyId: record.id, accountId };
  };
  const main = await newKey();
  // Feature tests fire many requests at a stopped clock: the main account's limits are set out of
  // their way. test/http/rate-limits.test.ts tests the limits with keys of their own.
  await setPlan(ctx, main.accountId, 'professional', { hourly_limit: 1_000_000, burst_limit: 1_000_000 });

  const request = async <T>(opts: RequestOptions): Promise<TestResponse<T>> => {
    const method = opts.method ?? 'GET';
    const headers: Record<string, string> = { ...opts.headers };
    const key = opts.key === undefined ? main.key : opts.key;
    if (key !== null) headers.authorization = `Bearer ${key}`;
    let payload: string | Buffer | undefined = opts.payload;
    if (opts.body !== undefined) {
      payload = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await app.inject({
      method,
      url: opts.url,
      headers,
      ...(payload !== undefined ? { payload } : {}),
      ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
    });
    const text = response.body;
    let body: any = text;
    if ((response.headers['content-type'] ?? '').toString().includes('json') && text !== '') body = JSON.parse(text);
    const result = { status: response.statusCode, headers: response.headers as TestResponse['headers'], body, text };
    checker.check(method, opts.url, result);
    return result;
  };

  return {
    dialect,
    app,
    database,
    ctx,
    config,
    clock,
    key: main.key,
    accountId: main.accountId,
    request,
    newKey,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/**
 * A fresh, migrated database for one test: a temp directory for SQLite, or a clone of the
 * migrated template for PostgreSQL. `env` points a spawned process (server, CLI) at it.
 */
export async function freshDatabaseEnv(dialect: TestDialect, pgTemplate?: string): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-test-'));
  const removeDir = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (dialect === 'sqlite') return { env: { DATA_DIR: dataDir }, drop: removeDir };
  const template = pgTemplate ?? inject('pgTemplate');
  const name = `lectern_t_${template.replace('lectern_tpl_', '')}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name} template ${template}`);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: withDatabase(postgresAdminUrl(), name) },
    drop: async () => {
      await adminQuery(`drop database if exists ${name} with (force)`);
      await removeDir();
    },
  };
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: postgresAdminUrl() });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

async function freshDatabase(dialect: TestDialect, pgTemplate?: string): Promise<{ database: Database; drop: () => Promise<void>; dataDir: string }> {
  const { env, drop } = await freshDatabaseEnv(dialect, pgTemplate);
  // As the server opens it: short reads on PostgreSQL go through the pipelined connections.
  const config = loadConfig({ RUNTIME_TUNING: process.env.RUNTIME_TUNING });
  const database = openDatabase({
    dataDir: env.DATA_DIR!,
    databaseUrl: env.DATABASE_URL,
    pipelineSize: config.databasePipelineConnections,
    holdWrites: runtimeTunings(config.runtimeTuning).holdWrites,
  });
  await migrateToLatest(database);
  return {
    database,
    drop: async () => {
      await drop();
    },
    dataDir: env.DATA_DIR!,
  };
}

/** Creates a course through the API and returns its body. */
export async function createCourse(t: TestApp, fields: Record<string, unknown> = {}, key?: string) {
  const response = await t.request({ method: 'POST', url: '/api/v1/courses', body: { title: 'A course', ...fields }, ...(key ? { key } : {}) });
  if (response.status !== 201) throw new Error(`create course failed: ${response.status} ${response.text}`);
  return response.body.data as { id: string; title: string; [k: string]: unknown };
}

/** Assertion message that shows the response, so a failing test says what came back. */
export function show(response: TestResponse): string {
  return `${response.status} ${response.text.slice(0, 2000)}`;
}
