import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrateToLatest, openDatabase } from '../../src/db/database.js';
import { prepared } from '../../src/db/prepared.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * The SQLite reader serves each event-loop turn from one read transaction (reader.ts): what it
 * answers, what the key cache's data version says, and that it never holds up our own writer.
 */
describe('SQLite read snapshot per turn', () => {
  let dir: string;
  let database: Database;
  let otherProcess: BetterSqlite3.Database;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-snapshot-'));
    database = openDatabase({ dataDir: dir });
    await migrateToLatest(database);
    otherProcess = new BetterSqlite3(path.join(dir, 'lectern.db'));
    otherProcess.pragma('busy_timeout = 5000');
  });
  afterAll(async () => {
    otherProcess.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const account = (id: string) => ({
    id, name: 'x', email: null, plan: 'professional' as const, hourly_limit: null, burst_limit: null, export_hourly_limit: null,
    bulk_hourly_limit: null, search_hourly_limit: null, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z',
  });
  /** A read that goes to the reader (outside transactions), as every read by id does. */
  const planOf = prepared<{ id: string }, { plan: string }>((db, p) => db.selectFrom('accounts').select('plan').where('id', '=', p('id')));

  it("sees this process's own write at once, in the same turn", async () => {
    await nextTurn();
    expect(await planOf.first(database, { id: 'acc_own' })).toBeUndefined();
    await database.insertInto('accounts').values(account('acc_own')).execute();
    expect(await planOf.first(database, { id: 'acc_own' })).toEqual({ plan: 'professional' });
  });

  it("sees another connection's commit from the next turn on, not in the middle of a turn", async () => {
    await nextTurn();
    const before = database.dataVersion();
    expect(await planOf.first(database, { id: 'acc_own' })).toEqual({ plan: 'professional' });
    otherProcess.prepare(`update accounts set plan = 'starter' where id = 'acc_own'`).run();
    // The same turn: one consistent state, the one the turn began reading.
    expect(await planOf.first(database, { id: 'acc_own' })).toEqual({ plan: 'professional' });
    expect(database.dataVersion()).toBe(before);
    await nextTurn();
    expect(await planOf.first(database, { id: 'acc_own' })).toEqual({ plan: 'starter' });
    expect(database.dataVersion()).not.toBe(before);
  });

  it('keeps the data version while nothing is written', async () => {
    await nextTurn();
    const before = database.dataVersion();
    await database.selectFrom('accounts').select('id').execute();
    await nextTurn();
    expect(database.dataVersion()).toBe(before);
  });

  it('changes the data version at once after our own write', async () => {
    await nextTurn();
    const before = database.dataVersion();
    await database.insertInto('accounts').values(account('acc_second')).execute();
    expect(database.dataVersion()).not.toBe(before);
  });

  it('never holds the write-ahead log against our own writer: its checkpoint completes in the middle of a read turn', async () => {
    await nextTurn();
    await database.insertInto('accounts').values(account('acc_third')).execute();
    expect(await planOf.first(database, { id: 'acc_third' })).toEqual({ plan: 'professional' });
    const checkpoint = await sql<{ busy: number; log: number; checkpointed: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(database);
    expect(checkpoint.rows[0]).toEqual({ busy: 0, log: 0, checkpointed: 0 });
    expect(await planOf.first(database, { id: 'acc_third' })).toEqual({ plan: 'professional' });
  });

  it('lets go of the log at the end of the turn: another process can then truncate it', async () => {
    await nextTurn();
    await database.insertInto('accounts').values(account('acc_fourth')).execute();
    expect(await planOf.first(database, { id: 'acc_fourth' })).toEqual({ plan: 'professional' });
    await nextTurn();
    expect(otherProcess.pragma('wal_checkpoint(TRUNCATE)')).toEqual([{ busy: 0, log: 0, checkpointed: 0 }]);
  });
});
