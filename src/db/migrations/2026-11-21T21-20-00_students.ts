import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

// Frozen: this migration must keep producing the same schema; change the schema in a new file.

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  // Byte-order collation on PostgreSQL, so that sorting by name or email matches SQLite's BINARY order.
  const sortableText = postgres ? sql`text collate "C"` : sql`text`;

  await db.schema
    .createTable('students')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('email', sortableText, (c) => c.notNull())
    // Lower-cased email: uniqueness and lookups are case-insensitive, the address is kept as given.
    .addColumn('email_normalized', 'text', (c) => c.notNull())
    .addColumn('name', sortableText, (c) => c.notNull())
    .addColumn('external_id', 'text')
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('students_email_unique').on('students').columns(['workspace_id', 'email_normalized']).unique().execute();
  // NULLs are distinct in unique indexes on both databases: any number of students without an external id.
  await db.schema.createIndex('students_external_id_unique').on('students').columns(['workspace_id', 'external_id']).unique().execute();
  for (const column of ['created_at', 'updated_at', 'name', 'email']) {
    await db.schema.createIndex(`students_${column}_idx`).on('students').columns(['workspace_id', column, 'id']).execute();
  }
}
