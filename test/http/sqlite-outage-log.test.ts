import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { type Database, migrateToLatest, openDatabase } from '../../src/db/database.js';
import { OUTAGE_BEGAN, OUTAGE_ENDED } from '../../src/db/unavailable.js';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { createKey } from '../../src/modules/api-keys/api-keys.service.js';
import { createLogger } from '../../src/server.js';
import { systemClock } from '../../src/shared/clock.js';
import { testDialects } from '../dialects.js';

interface LogLine {
  msg: string;
  level: number;
  status?: number;
  refused?: number;
  reason?: string;
  reasons?: Record<string, number>;
  [field: string]: unknown;
}

/**
 * SQLite's outages: the write lock held by another process past busy_timeout, and a full disk.
 * Writes answer 503 service_unavailable while reads go on; the log says when the outage began and
 * when it ended (with the requests refused in between), and otherwise has one line per request.
 */
// Skipped in the PostgreSQL-only run (TEST_DIALECTS=postgres): it is about SQLite; `npm test` runs it.
describe.skipIf(!testDialects().includes('sqlite'))('SQLite outages in the log', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-sqlite-outage-'));
  const lines: LogLine[] = [];
  let database: Database;
  let app: FastifyInstance;
  let key: string;

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info', RATE_LIMITS: 'off', WORKER: 'off', RUNTIME_TUNING: process.env.RUNTIME_TUNING });
    database = openDatabase({ dataDir });
    await migrateToLatest(database);
    const logger = createLogger(config, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
    app = await buildApp({ config, database, logger });
    await app.ready();
    const ctx = { db: database, clock: systemClock };
    const account = await createAccount(ctx, { name: 'Outage school', plan: 'professional' });
    key = (await createKey(ctx, { accountId: account.id, environment: 'production', name: 'test' })).key;
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (description = 'Written during an outage') =>
    app.inject({ method: 'POST', url: '/api/v1/courses', headers: { authorization: `Bearer ${key}` }, payload: { title: 'A course', description } });
  const list = () => app.inject({ url: '/api/v1/courses', headers: { authorization: `Bearer ${key}` } });

  async function waitForLine(msg: string, from: number): Promise<LogLine> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const line = lines.slice(from).find((l) => l.msg === msg);
      if (line) return line;
      if (Date.now() > deadline) throw new Error(`no "${msg}" line: ${JSON.stringify(lines.slice(from).filter((l) => l.msg !== 'request completed'))}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The outage's lines since `from`: one per request, its start and its end with the refused count; no stack. */
  function expectOutageLoggedOnce(from: number, refusedRequests: number, reason: string): void {
    const logged = lines.slice(from);
    const shown = JSON.stringify(logged.filter((l) => l.msg !== 'request completed'));
    expect(logged.filter((l) => JSON.stringify(l).includes('"stack"')), shown).toEqual([]);
    expect(logged.filter((l) => ![OUTAGE_BEGAN, OUTAGE_ENDED, 'request completed'].includes(l.msg)), shown).toEqual([]);
    const began = logged.filter((l) => l.msg === OUTAGE_BEGAN);
    const ended = logged.filter((l) => l.msg === OUTAGE_ENDED);
    expect(began, shown).toHaveLength(1);
    expect(began[0]!.reason, shown).toBe(reason);
    expect(ended, shown).toHaveLength(1);
    expect(ended[0]!.refused, shown).toBe(refusedRequests);
    expect(ended[0]!.reasons, shown).toEqual({ [reason]: refusedRequests });
    expect(logged.filter((l) => l.msg === 'request completed' && l.status === 503), shown).toHaveLength(refusedRequests);
  }

  it('the write lock held past busy_timeout: writes answer 503, reads 200, the outage logs its start and its end', async () => {
    // Another process holds the write lock; the app's writer waits 20 ms for it instead of 5 s.
    await sql`pragma busy_timeout = 20`.execute(database);
    const other = new BetterSqlite3(path.join(dataDir, 'lectern.db'));
    const from = lines.length;
    try {
      other.prepare('begin immediate').run();
      for (let i = 0; i < 10; i++) {
        const write = await post();
        expect(write.statusCode, write.body).toBe(503);
        expect(JSON.parse(write.body).error.code).toBe('service_unavailable');
        expect(write.headers['retry-after']).toBe('1');
        const read = await list();
        expect(read.statusCode, read.body).toBe(200);
      }
      expect(lines.slice(from).filter((l) => l.msg === OUTAGE_BEGAN)).toHaveLength(1);
      expect(lines.slice(from).some((l) => l.msg === OUTAGE_ENDED)).toBe(false);
      other.prepare('rollback').run();
      await waitForLine(OUTAGE_ENDED, from);
    } finally {
      other.close();
      await sql`pragma busy_timeout = 5000`.execute(database);
    }
    expectOutageLoggedOnce(from, 10, 'database is locked');
    expect((await post()).statusCode).toBe(201);
  }, 20_000);

  it('a full disk (max_page_count reached): writes answer 503, the outage logs its start and its end', async () => {
    const pages = (await sql<{ page_count: number }>`pragma page_count`.execute(database)).rows[0]!.page_count;
    const from = lines.length;
    try {
      await sql.raw(`pragma max_page_count = ${pages}`).execute(database);
      // A description on pages of its own: the database must grow to hold it.
      for (let i = 0; i < 5; i++) {
        const write = await post('x'.repeat(20_000));
        expect(write.statusCode, write.body).toBe(503);
      }
    } finally {
      await sql.raw('pragma max_page_count = 1073741823').execute(database);
    }
    await waitForLine(OUTAGE_ENDED, from);
    expectOutageLoggedOnce(from, 5, 'database or disk is full');
    expect((await post('x'.repeat(20_000))).statusCode).toBe(201);
  }, 20_000);
});
