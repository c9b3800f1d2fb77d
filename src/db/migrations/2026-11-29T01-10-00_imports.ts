import type { Kysely } from 'kysely';

// Frozen: this migration must keep producing the same schema; change the schema in a new file.

/**
 * Roster imports (docs/imports.md). `imports` is the public record of one import and also its
 * resume point: the rows of each type applied so far, with the counts, are written in the same
 * transaction as each chunk of rows, so a worker that dies resumes after the last committed chunk.
 * `import_results` holds one line per input row (and per deactivated object), written with the
 * chunk that produced it. `import_created_objects` says which import source made a student or an
 * enrollment: a full sync deactivates only those, never objects made by other means. No foreign
 * keys to students or enrollments: an erased student leaves a row that no longer joins.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    // The key that made it (the import's rate window and scopes are that key's).
    .addColumn('key_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    // A CSV's rows (`students`, `enrollments`); null for NDJSON and zip.
    .addColumn('csv_type', 'text')
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('sync', 'text', (c) => c.notNull())
    .addColumn('source', 'text')
    .addColumn('dry_run', 'integer', (c) => c.notNull())
    .addColumn('max_delete_percent', 'integer', (c) => c.notNull())
    // 1 when the key could write enrollments (enrollments:write) when it made the import.
    .addColumn('can_enroll', 'integer', (c) => c.notNull())
    .addColumn('file_bytes', 'bigint', (c) => c.notNull())
    .addColumn('file_sha256', 'text', (c) => c.notNull())
    // Rows in the file, known once the validation pass has read it.
    .addColumn('total_rows', 'integer')
    .addColumn('students_applied', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enrollments_applied', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unchanged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deactivated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    // A full sync's plan: objects it deactivates, of the source's still-active objects.
    .addColumn('pending_students', 'integer')
    .addColumn('pending_enrollments', 'integer')
    .addColumn('pending_of', 'integer')
    .addColumn('confirmed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('error_file', 'text')
    .addColumn('error_line', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('imports_workspace_created_idx').on('imports').columns(['workspace_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('import_results')
    .addColumn('import_id', 'text', (c) => c.notNull())
    // Position: the input row's in file order, then the deactivations after every row.
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('line', 'integer')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text')
    .addColumn('code', 'text')
    .addColumn('field', 'text')
    .addColumn('message', 'text')
    .addPrimaryKeyConstraint('import_results_pk', ['import_id', 'seq'])
    .execute();

  await db.schema
    .createTable('import_created_objects')
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('object_type', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('import_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_created_objects_pk', ['workspace_id', 'object_type', 'object_id'])
    .execute();
  await db.schema
    .createIndex('import_created_objects_source_idx')
    .on('import_created_objects')
    .columns(['workspace_id', 'source', 'object_type', 'object_id'])
    .execute();
}
