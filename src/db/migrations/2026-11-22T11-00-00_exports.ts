import type { Kysely } from 'kysely';

// Frozen: this migration must keep producing the same schema; change the schema in a new file.

/**
 * Course exports (docs/api.md "Exports"). A row is the job's public record; the work itself is a
 * `course_export` job in the shared queue. No foreign key to the course: an export is a snapshot
 * and stays downloadable (until it expires) after the course is deleted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('exports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('course_id', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // 1 when the file holds quiz answers: downloading it then takes more than courses:read.
    .addColumn('contains_answers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('size_bytes', 'bigint')
    // Failed builds so far; a build that keeps failing stops after a few and the export fails.
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    // When the file is removed (7 days after completion); file_removed_at once it has been.
    .addColumn('expires_at', 'text')
    .addColumn('file_removed_at', 'text')
    .execute();
  await db.schema.createIndex('exports_workspace_idx').on('exports').columns(['workspace_id', 'created_at']).execute();
  await db.schema.createIndex('exports_expiry_idx').on('exports').columns(['expires_at']).execute();
}

