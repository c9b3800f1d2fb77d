import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrateToLatest, openDatabase } from '../../src/db/database.js';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { createKey } from '../../src/modules/api-keys/api-keys.service.js';
import { hashKey } from '../../src/modules/api-keys/key-format.js';
import { lookupKey } from '../../src/modules/api-keys/key-lookup.js';
import { KeyUsageRecorder } from '../../src/modules/api-keys/key-usage.js';
import { systemClock } from '../../src/shared/clock.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * SQLite's key cache (key-lookup.ts) keeps a key's row while no key, secret or account changed, in
 * any process (migration key-change-counter), and reads it again from the first turn after one did;
 * other commits, ours or another process's, leave it remembered.
 */
describe('SQLite key rows remembered until a key changes', () => {
  let dir: string;
  let database: Database;
  let otherProcess: BetterSqlite3.Database;
  let key: string;
  let keyId: string;
  let accountId: string;
  let workspaceId: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-key-changes-'));
    database = openDatabase({ dataDir: dir });
    await migrateToLatest(database);
    const ctx = { db: database, clock: systemClock };
    const account = await createAccount(ctx, { name: 'School', plan: 'professional' });
    const created = await createKey(ctx, { accountId: account.id, environment: 'production', name: 'k' });
    key = created.key;
    keyId = created.record.id;
    accountId = account.id;
    workspaceId = created.record.workspace_id;
    otherProcess = new BetterSqlite3(path.join(dir, 'lectern.db'));
    otherProcess.pragma('busy_timeout = 5000');
  });
  afterAll(async () => {
    otherProcess.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const insertCourse = (db: BetterSqlite3.Database, id: string) =>
    db
      .prepare("insert into courses (id, workspace_id, title, description, published, enrollment_count, metadata, version, created_at, updated_at) values (?, ?, 't', '', 0, 0, '{}', 1, 'x', 'x')")
      .run(id, workspaceId);

  it('keeps the row through commits that change no key: ours, another process\'s, and last_used_at', async () => {
    await nextTurn();
    const first = await lookupKey(database, hashKey(key));
    expect(first?.key_id).toBe(keyId);
    await database
      .insertInto('courses')
      .values({ id: 'crs_ours', workspace_id: workspaceId, title: 't', description: '', published: 0, enrollment_count: 0, metadata: '{}', version: 1, created_at: 'x', updated_at: 'x', external_id: null })
      .execute();
    insertCourse(otherProcess, 'crs_theirs');
    const usage = new KeyUsageRecorder(database);
    usage.touch(keyId, Date.now());
    await usage.flush();
    await nextTurn();
    // The same object: remembered, not read again.
    expect(await lookupKey(database, hashKey(key))).toBe(first);
  });

  it("reads the row again from the first turn after another process revoked the key", async () => {
    await nextTurn();
    const before = await lookupKey(database, hashKey(key));
    expect(before?.revoked_at).toBeNull();
    otherProcess.prepare("update api_keys set revoked_at = '2026-01-01T00:00:00.000Z' where id = ?").run(keyId);
    await nextTurn();
    expect((await lookupKey(database, hashKey(key)))?.revoked_at).toBe('2026-01-01T00:00:00.000Z');
    otherProcess.prepare('update api_keys set revoked_at = null where id = ?').run(keyId);
  });

  it("reads the row again after another process changed the account's plan, and finds a secret added meanwhile", async () => {
    await nextTurn();
    const secret = 'lct_prod_0000000000000000000000000000000000000000';
    expect(await lookupKey(database, hashKey(secret))).toBeUndefined();
    otherProcess.prepare("update accounts set plan = 'enterprise' where id = ?").run(accountId);
    otherProcess.prepare("insert into api_key_secrets (hash, key_id, expires_at, created_at) values (?, ?, null, 'x')").run(hashKey(secret), keyId);
    await nextTurn();
    expect((await lookupKey(database, hashKey(key)))?.plan).toBe('enterprise');
    expect((await lookupKey(database, hashKey(secret)))?.key_id).toBe(keyId);
  });
});
