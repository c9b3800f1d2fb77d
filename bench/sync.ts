// The sync-at-scale case: a workspace with 1,000,000 students, and a cursor page at the start of
// the list against one near its end. Keyset pagination should make them cost the same.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../src/db/database.js';
import type { StudentsTable } from '../src/db/types.js';
import { createAccount } from '../src/modules/accounts/accounts.service.js';
import { createKey } from '../src/modules/api-keys/api-keys.service.js';
import { systemClock } from '../src/shared/clock.js';
import { newId } from '../src/shared/ids.js';
import { encodeCursor } from '../src/shared/pagination.js';
import { FORWARDED_HTTPS } from './lectern.js';
import { LoadAccumulator } from './load.js';
import { freePort, type ServerHandle, startServer, stopServer } from './servers.js';

export interface SyncResult {
  database: 'sqlite' | 'postgres';
  students: number;
  seed_s: number;
  first_page_rps: number;
  first_page_p99_ms: number;
  deep_page_rps: number;
  deep_page_p99_ms: number;
  /** Mean time of a deep page over a first page (1.0 = the same). */
  deep_over_first: number;
}

interface SyncOptions {
  root: string;
  host: string;
  students: number;
  durationS: number;
  connections: number;
  /** Admin URL of a PostgreSQL server: the case gets a database of its own there. */
  postgresUrl?: string;
  log: (message: string) => void;
}

export async function runSyncCase(options: SyncOptions): Promise<SyncResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lectern-bench-sync-'));
  const dbName = `lectern_bench_sync_${process.pid}`;
  const databaseUrl = options.postgresUrl ? await createPostgresDatabase(options.postgresUrl, dbName) : undefined;
  let server: ServerHandle | undefined;
  try {
    const database = openDatabase({ dataDir, databaseUrl });
    await migrateToLatest(database.db);
    const ctx = { db: database.db, dialect: database.dialect, clock: systemClock };
    const account = await createAccount(ctx, { name: 'Sync bench', plan: 'enterprise' });
    const { record, key } = await createKey(ctx, { accountId: account.id, environment: 'production', name: 'sync' });
    const started = Date.now();
    options.log(`sync [${database.dialect}]: seeding ${options.students.toLocaleString('en')} students`);
    const last = await seedStudents(database.db, record.workspace_id, options.students);
    // Statistics, as autovacuum would gather after a load this size; the planner needs them.
    await sql`analyze`.execute(database.db);
    const seedS = (Date.now() - started) / 1000;
    options.log(`sync [${database.dialect}]: seeded in ${seedS.toFixed(1)} s`);
    await database.close();

    const port = await freePort(options.host);
    server = await startServer({
      name: `lectern-sync-${database.dialect}`,
      command: process.execPath,
      args: ['dist/server.js'],
      cwd: options.root,
      env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', REDIS_URL: '', TLS_CERT_FILE: '', TLS_KEY_FILE: '', HOST: options.host, PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'production', TRUST_PROXY: options.host },
      host: options.host,
      port,
      readyPath: '/healthz',
      readyTimeoutMs: 60_000,
    });
    const headers = { ...FORWARDED_HTTPS, authorization: `Bearer ${key}` };
    // A deep page: the cursor a walk would hold ~100 rows before the end of a million.
    const deepCursor = encodeCursor('students', record.workspace_id, 'created_at', last);
    const first = new LoadAccumulator({ name: 'first page', baseUrl: server.baseUrl, headers, nextPath: () => '/api/v1/students?cursor=&per_page=100' }, options.connections);
    const deep = new LoadAccumulator(
      { name: 'deep page', baseUrl: server.baseUrl, headers, nextPath: () => `/api/v1/students?cursor=${deepCursor}&per_page=100` },
      options.connections,
    );
    await first.warmUp(1);
    await deep.warmUp(1);
    for (let round = 0; round < 2; round++) {
      await first.measure(options.durationS / 2);
      await deep.measure(options.durationS / 2);
    }
    const [a, b] = [first.result(), deep.result()];
    if (a.non2xx + b.non2xx > 0) throw new Error(`sync case: non-2xx answers (${a.non2xx} first, ${b.non2xx} deep)`);
    return {
      database: database.dialect,
      students: options.students,
      seed_s: Math.round(seedS * 10) / 10,
      first_page_rps: Math.round(a.rps),
      first_page_p99_ms: Math.round(a.p99Ms * 100) / 100,
      deep_page_rps: Math.round(b.rps),
      deep_page_p99_ms: Math.round(b.p99Ms * 100) / 100,
      deep_over_first: Math.round((a.rps / b.rps) * 100) / 100,
    };
  } finally {
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
    if (options.postgresUrl) await dropPostgresDatabase(options.postgresUrl, dbName);
  }
}

/**
 * Inserts students in multi-row batches inside a few large transactions (the fast way to load),
 * with creation times one millisecond apart. Answers the keyset position ~100 rows from the end.
 */
async function seedStudents(db: ReturnType<typeof openDatabase>['db'], workspaceId: string, count: number): Promise<{ value: string; id: string }> {
  const start = Date.UTC(2025, 0, 1);
  const batch = 1000;
  let deep = { value: '', id: '' };
  for (let done = 0; done < count; ) {
    await db.transaction().execute(async (trx) => {
      for (let b = 0; b < 50 && done < count; b++) {
        const rows: StudentsTable[] = [];
        for (let i = 0; i < batch && done < count; i++, done++) {
          const at = start + done;
          const iso = new Date(at).toISOString();
          const email = `student${done}@sync.example.com`;
          const row = { id: newId('stu', at), workspace_id: workspaceId, email, email_normalized: email, name: `Student ${done}`, external_id: null, metadata: '{}', version: 1, created_at: iso, updated_at: iso };
          rows.push(row);
          if (done === count - 101) deep = { value: iso, id: row.id };
        }
        await trx.insertInto('students').values(rows).execute();
      }
    });
  }
  return deep;
}

export async function createPostgresDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`drop database if exists ${name}`);
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropPostgresDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.end();
}
