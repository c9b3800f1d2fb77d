import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

// Frozen: this migration must keep producing the same schema; change the schema in a new file.

/** The tables whose rows a workspace lists in page mode without a filter, and can grow to millions. */
const counted = ['courses', 'students', 'enrollments'] as const;

/**
 * `row_counts`: how many rows of each counted table a workspace has, kept exact by triggers in the
 * transaction of every insert and delete (cascades included), so that a page-mode list answers
 * `total` without counting the workspace's rows on every request (src/db/count.ts). Filtered lists
 * still count their matching rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('row_counts')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('row_counts_pk', ['workspace_id', 'resource'])
    .execute();
  const postgres = dialectOf(db) === 'postgres';
  if (postgres) {
    await sql`
      create function count_rows() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into row_counts (workspace_id, resource, count) values (new.workspace_id, tg_table_name, 1)
          on conflict (workspace_id, resource) do update set count = row_counts.count + 1;
        else
          update row_counts set count = count - 1 where workspace_id = old.workspace_id and resource = tg_table_name;
        end if;
        return null;
      end
      $$
    `.execute(db);
  }
  for (const table of counted) {
    await sql`insert into row_counts (workspace_id, resource, count) select workspace_id, ${table}, count(*) from ${sql.table(table)} group by workspace_id`.execute(db);
    if (postgres) {
      await sql`create trigger ${sql.id(`${table}_row_count`)} after insert or delete on ${sql.table(table)} for each row execute function count_rows()`.execute(db);
    } else {
      await sql`
        create trigger ${sql.id(`${table}_row_count_insert`)} after insert on ${sql.table(table)} begin
          insert into row_counts (workspace_id, resource, count) values (new.workspace_id, ${sql.lit(table)}, 1)
          on conflict (workspace_id, resource) do update set count = count + 1;
        end
      `.execute(db);
      await sql`
        create trigger ${sql.id(`${table}_row_count_delete`)} after delete on ${sql.table(table)} begin
          update row_counts set count = count - 1 where workspace_id = old.workspace_id and resource = ${sql.lit(table)};
        end
      `.execute(db);
    }
  }
}
