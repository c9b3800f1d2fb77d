import type { Kysely } from 'kysely';

// Frozen: this migration must keep producing the same schema; change the schema in a new file.

/**
 * API usage per key and clock hour (counted in memory by each process and added here in batches),
 * the log of failed API requests (kept 7 days), and the usage alerts already sent (one per key,
 * hour and threshold, whichever process notices first).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_usage_hours')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('hour', 'text', (c) => c.notNull())
    .addColumn('requests', 'integer', (c) => c.notNull())
    .addColumn('status_2xx', 'integer', (c) => c.notNull())
    .addColumn('status_4xx', 'integer', (c) => c.notNull())
    .addColumn('status_429', 'integer', (c) => c.notNull())
    .addColumn('status_5xx', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('api_usage_hours_pk', ['workspace_id', 'key_id', 'hour'])
    .execute();
  await db.schema.createIndex('api_usage_hours_hour_idx').on('api_usage_hours').columns(['workspace_id', 'hour']).execute();

  await db.schema
    .createTable('request_logs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('error_code', 'text')
    .addColumn('latency_ms', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('request_logs_workspace_idx').on('request_logs').columns(['workspace_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('request_logs_created_idx').on('request_logs').column('created_at').execute();

  await db.schema
    .createTable('usage_alerts')
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('hour', 'text', (c) => c.notNull())
    .addColumn('threshold_percent', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_alerts_pk', ['key_id', 'hour', 'threshold_percent'])
    .execute();
}
