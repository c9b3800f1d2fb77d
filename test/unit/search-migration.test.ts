import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrateToLatest, openDatabase } from '../../src/db/database.js';
import { migrations } from '../../src/db/migrations/index.js';
import { searchCourses, searchLessons, searchStudents } from '../../src/modules/search/search.service.js';
import { ManualClock } from '../../src/shared/clock.js';
import type { ServiceContext } from '../../src/shared/context.js';
import { postgresAdminUrl, testDialects, withDatabase } from '../dialects.js';

const BEFORE_SEARCH = '2026-11-21T23-00-00_events-webhooks-jobs';
const now = '2026-11-21T12:00:00.000Z';

/** A database migrated up to just before search, filled, then migrated to the latest: the rows it held are found. */
describe.each(testDialects())('search migration backfill [%s]', (dialect) => {
  let database: Database;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    if (dialect === 'sqlite') {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-search-migration-'));
      database = openDatabase({ dataDir: dir });
      cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
    } else {
      const name = `lectern_search_backfill_${randomBytes(4).toString('hex')}`;
      const admin = async (statement: string) => {
        const client = new pg.Client({ connectionString: postgresAdminUrl() });
        await client.connect();
        await client.query(statement).finally(() => client.end());
      };
      await admin(`create database ${name}`);
      database = openDatabase({ dataDir: os.tmpdir(), databaseUrl: withDatabase(postgresAdminUrl(), name), poolSize: 2 });
      cleanup = () => admin(`drop database if exists ${name} with (force)`);
    }
  });
  afterAll(async () => {
    await database.close();
    await cleanup();
  });

  it('indexes the courses, lessons and students that existed before it', async () => {
    const migrator = new Migrator({ db: database, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo(BEFORE_SEARCH);
    expect(error).toBeUndefined();
    const db = database;
    await db.insertInto('accounts').values({
      id: 'acc_1', name: 'Old school', email: null, plan: 'professional', hourly_limit: null, burst_limit: null,
      export_hourly_limit: null, bulk_hourly_limit: null, search_hourly_limit: null, created_at: now, updated_at: now,
    }).execute();
    for (const ws of ['wsp_1', 'wsp_2']) {
      await db.insertInto('workspaces').values({ id: ws, account_id: 'acc_1', environment: ws === 'wsp_1' ? 'production' : 'development', created_at: now }).execute();
    }
    const course = (id: string, workspace: string, title: string, description: string) => ({
      id, workspace_id: workspace, title, description, published: 0, enrollment_count: 0, metadata: '{}', version: 1, created_at: now, updated_at: now,
    });
    await db.insertInto('courses').values([
      course('crs_1', 'wsp_1', 'Ancient history', 'Égypte and Rome'),
      course('crs_2', 'wsp_1', 'Egyptology', 'Pyramids'),
      course('crs_3', 'wsp_2', 'Egyptology elsewhere', 'Another workspace'),
    ]).execute();
    await db.insertInto('modules').values({
      id: 'mod_1', workspace_id: 'wsp_1', course_id: 'crs_1', title: 'M', description: '', position: 0, version: 1, created_at: now, updated_at: now,
    }).execute();
    await db.insertInto('lessons').values({
      id: 'les_1', workspace_id: 'wsp_1', course_id: 'crs_1', module_id: 'mod_1', title: 'Hieroglyphs', type: 'text', content: 'Rosetta stone',
      video_url: null, duration_seconds: null, position: 0, quiz: null, version: 1, created_at: now, updated_at: now,
    }).execute();
    await db.insertInto('students').values({
      id: 'stu_1', workspace_id: 'wsp_1', email: 'howard@carter.example', email_normalized: 'howard@carter.example', name: 'Howard Carter',
      external_id: null, metadata: '{}', version: 1, created_at: now, updated_at: now,
    }).execute();

    await migrateToLatest(db);
    const ctx: ServiceContext = { db, clock: new ManualClock(Date.parse(now)) };
    const courses = await searchCourses(ctx, 'wsp_1', { q: 'egypt' });
    expect(courses.data.map((c) => c.id)).toEqual(['crs_2', 'crs_1']);
    expect(courses.pagination.total).toBe(2);
    expect((await searchLessons(ctx, 'wsp_1', { q: 'rosetta' }, false)).data.map((l) => l.id)).toEqual(['les_1']);
    expect((await searchStudents(ctx, 'wsp_1', { q: 'carter' })).data.map((s) => s.id)).toEqual(['stu_1']);
    // And rows written after it are indexed as they are written.
    await db.updateTable('courses').set({ title: 'Classical history' }).where('id', '=', 'crs_1').execute();
    expect((await searchCourses(ctx, 'wsp_1', { q: 'classical' })).data.map((c) => c.id)).toEqual(['crs_1']);
  });
});
