import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../src/db/database.js';
import { ensureBuilt } from './built.js';
import { postgresAdminUrl, testDialects, withDatabase } from './dialects.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
  }
}

/** PostgreSQL: migrate once into a template database; each test file clones it (fast, isolated). */
export default async function setup(project: TestProject) {
  // Process tests run dist/: rebuilt here when src/ changed since the last build.
  ensureBuilt();
  if (!testDialects().includes('postgres')) return;
  const admin = new pg.Client({ connectionString: postgresAdminUrl() });
  await admin.connect();
  const template = `lectern_tpl_${process.pid}`;
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: withDatabase(postgresAdminUrl(), template), max: 1 }) }) });
  await migrateToLatest(db);
  await db.destroy();
  project.provide('pgTemplate', template);

  return async () => {
    // Drop what this run made, also files' databases left by a crashed worker.
    const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`lectern_%${process.pid}%`]);
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
  };
}
