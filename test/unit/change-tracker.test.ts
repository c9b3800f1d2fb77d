import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrateToLatest, openDatabase } from '../../src/db/database.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('SQLite change tracking (the key cache relies on it)', () => {
  let dir: string;
  let database: Database;
  let otherProcess: BetterSqlite3.Database;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-tracker-'));
    database = openDatabase({ dataDir: dir });
    await migrateToLatest(database);
    otherProcess = new BetterSqlite3(path.join(dir, 'lectern.db'));
  });
  afterAll(async () => {
    otherProcess.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const insertAccount = (id: string) => ({
    id, name: 'x', email: null, plan: 'professional' as const, hourly_limit: null, burst_limit: null, export_hourly_limit: null,
    bulk_hourly_limit: null, search_hourly_limit: null, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z',
  });

  it("changes at once after this process's own write", async () => {
    await nextTurn();
    const before = database.dataVersion();
    await database.insertInto('accounts').values(insertAccount('acc_own')).execute();
    expect(database.dataVersion()).not.toBe(before);
  });

  it("sees another connection's commit from the next event-loop turn on", async () => {
    await nextTurn();
    const before = database.dataVersion();
    otherProcess.prepare(`update accounts set plan = 'starter' where id = 'acc_own'`).run();
    await nextTurn();
    expect(database.dataVersion()).not.toBe(before);
  });

  it('stays put while nothing is written', async () => {
    await nextTurn();
    const before = database.dataVersion();
    await database.selectFrom('accounts').select('id').execute();
    await nextTurn();
    expect(database.dataVersion()).toBe(before);
  });
});
