// What the large-data cases (sync, analytics) share: a database of their own (a temp SQLite
// directory, or a PostgreSQL database created on an admin URL), an enterprise account and key,
// the case's seed loaded straight into it, then Lectern started on it — and all of it removed after.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { type Database, migrateToLatest, openDatabase } from '../src/db/database.js';
import { applyPendingSearch } from '../src/db/full-text.js';
import { createAccount } from '../src/modules/accounts/accounts.service.js';
import { createKey } from '../src/modules/api-keys/api-keys.service.js';
import { systemClock } from '../src/shared/clock.js';
import { FORWARDED_HTTPS } from './lectern.js';
import { freePort, type ServerHandle, startServer, stopServer } from './servers.js';

export interface SeededServerOptions {
  /** Names the temp directory, the PostgreSQL database and the server process. */
  name: string;
  root: string;
  host: string;
  /** Admin URL of a PostgreSQL server; SQLite otherwise. */
  postgresUrl?: string | undefined;
  /** Extra environment of the server. */
  env?: Record<string, string>;
  log: (message: string) => void;
}

export interface SeededServer {
  database: 'sqlite' | 'postgres';
  server: ServerHandle;
  /** Request headers of the case's key, as a client behind the trusted proxy sends them. */
  headers: Record<string, string>;
  workspaceId: string;
  /** Seconds the seed (with ANALYZE) took. */
  seedS: number;
}

/**
 * Seeds a fresh database with `seed`, gathers planner statistics (and, on PostgreSQL, vacuums) as
 * autovacuum would after a load this size, starts Lectern on it and runs `measure`; cleans everything
 * up whatever happens.
 */
export async function withSeededServer<S, R>(
  options: SeededServerOptions,
  seed: (db: Database, workspaceId: string) => Promise<S>,
  measure: (lectern: SeededServer, seeded: S) => Promise<R>,
  /** Runs on the loaded database once its statistics are gathered, before the server starts (with the case key). */
  inspect?: (db: Database, seeded: S, key: string) => Promise<void>,
): Promise<R> {
  const dataDir = mkdtempSync(join(tmpdir(), `lectern-bench-${options.name}-`));
  const dbName = `lectern_bench_${options.name}_${process.pid}`;
  const databaseUrl = options.postgresUrl ? await createPostgresDatabase(options.postgresUrl, dbName) : undefined;
  let server: ServerHandle | undefined;
  try {
    const database = openDatabase({ dataDir, databaseUrl });
    await migrateToLatest(database);
    const ctx = { db: database, clock: systemClock };
    const account = await createAccount(ctx, { name: `${options.name} bench`, plan: 'enterprise' });
    const { record, key } = await createKey(ctx, { accountId: account.id, environment: 'production', name: options.name });
    const started = Date.now();
    const seeded = await seed(database, record.workspace_id);
    // SQLite: the search index takes the loaded rows now, as a running server would have over time,
    // so that the measurement does not share the process with indexing a million documents.
    await applyPendingSearch(database);
    // PostgreSQL: VACUUM too, as autovacuum does after a bulk insert (PostgreSQL ≥ 13): without
    // the visibility map it sets, index-only scans read every row's heap page as well.
    await (database.dialect === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(database);
    const seedS = (Date.now() - started) / 1000;
    options.log(`${options.name} [${database.dialect}]: seeded in ${seedS.toFixed(1)} s`);
    await inspect?.(database, seeded, key);
    await database.close();

    const port = await freePort(options.host);
    server = await startServer({
      name: `lectern-${options.name}-${database.dialect}`,
      command: process.execPath,
      args: ['dist/server.js'],
      cwd: options.root,
      env: {
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? '',
        REDIS_URL: '',
        TLS_CERT_FILE: '',
        TLS_KEY_FILE: '',
        HOST: options.host,
        PORT: String(port),
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        TRUST_PROXY: options.host,
        // These cases measure reads over large data; the key's hourly quota would refuse most of them.
        RATE_LIMITS: 'off',
        ...options.env,
      },
      host: options.host,
      port,
      readyPath: '/healthz',
      readyTimeoutMs: 60_000,
    });
    const headers = { ...FORWARDED_HTTPS, authorization: `Bearer ${key}` };
    return await measure({ database: database.dialect, server, headers, workspaceId: record.workspace_id, seedS }, seeded);
  } finally {
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
    if (options.postgresUrl) await dropPostgresDatabase(options.postgresUrl, dbName);
  }
}

/** Creates (anew) the database `name` on the server of `adminUrl`; answers its URL. */
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
