import { type Kysely, sql } from 'kysely';

// Frozen: this migration must keep producing the same schema; change the schema in a new file.

/**
 * Roster sync (docs/api.md, "Upserts by external id"). `courses.external_id`: the school's own id
 * for a course, unique per workspace like the students' one (NULLs are distinct in unique indexes
 * on both databases: any number of courses without one); the index is also the arbiter of the
 * upserts' `INSERT … ON CONFLICT`. `students.status`: `active`, or `inactive` for a student a sync
 * took off the roster (kept with their data, but not enrolled again). Adding a column with a
 * constant default rewrites no table on either database.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('courses').addColumn('external_id', 'text').execute();
  await db.schema.createIndex('courses_external_id_unique').on('courses').columns(['workspace_id', 'external_id']).unique().execute();
  await db.schema
    .alterTable('students')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active').check(sql`status in ('active', 'inactive')`))
    .execute();
}
