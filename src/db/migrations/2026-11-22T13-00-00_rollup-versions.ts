import type { Kysely } from 'kysely';

// Frozen: this migration must keep producing the same schema; change the schema in a new file.

/**
 * A version per course's rollups, bumped by every change to them (in the change's transaction):
 * a whole-history answer read at a version stays exact while the version stays (analytics-cache.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('course_rollups').addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('course_rollups').dropColumn('version').execute();
}
