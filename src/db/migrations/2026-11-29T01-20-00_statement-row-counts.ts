import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

// Frozen: this migration must keep producing the same schema; change the schema in a new file.

const counted = ['courses', 'students', 'enrollments'] as const;

/**
 * PostgreSQL: `row_counts` kept per statement, not per row. The per-row constraint triggers
 * (migrations row-counts, row-counts-at-commit) updated the workspace's counter once for every row
 * at commit, so a transaction inserting 50,000 rows updated one counter row 50,000 times, each update
 * finding the row through the chain of versions the earlier ones left: a bulk load spent most of its
 * time there (bench/README.md, "Seeding").
 *
 * Now a statement-level trigger reads the statement's transition table (`inserted`, `deleted`) and
 * records one change per workspace in `row_count_changes` (a statement may span workspaces, and the
 * deletes of a cascade are statements too, so they are counted as well). The counters themselves
 * are still changed at commit, by a deferred constraint trigger on `row_count_changes` (constraint
 * triggers can only be row-level: it fires once per recorded change, that is per statement and
 * workspace): a transaction does not hold a workspace counter's row lock from its first insert to
 * its end, which would make two transactions writing in one workspace run one after the other.
 * Each firing applies its own change and removes the transaction's recorded changes; the rows live
 * only inside their transaction (and roll back with it, a savepoint's with the savepoint).
 *
 * A negative change only updates a counter that exists: after a workspace is deleted its counters
 * are gone (they cascade), and a counter row must not be made again for it. SQLite has no
 * statement-level triggers; its row triggers stay (their cost per row, measured, is small:
 * bench/README.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`
    create table row_count_changes (
      xact bigint not null,
      workspace_id text not null,
      resource text not null,
      delta bigint not null
    )
  `.execute(db);
  await sql`create index row_count_changes_xact_idx on row_count_changes (xact)`.execute(db);
  for (const [name, transition, sign] of [
    ['row_counts_inserted', 'inserted', ''],
    ['row_counts_deleted', 'deleted', '-'],
  ] as const) {
    await sql`
      create function ${sql.id(name)}() returns trigger language plpgsql as $$
      begin
        insert into row_count_changes (xact, workspace_id, resource, delta)
        select txid_current(), workspace_id, tg_table_name, ${sql.raw(sign)}count(*) from ${sql.raw(transition)} group by workspace_id;
        return null;
      end
      $$
    `.execute(db);
  }
  await sql`
    create function row_counts_apply() returns trigger language plpgsql as $$
    begin
      if new.delta > 0 then
        insert into row_counts (workspace_id, resource, count) values (new.workspace_id, new.resource, new.delta)
        on conflict (workspace_id, resource) do update set count = row_counts.count + excluded.count;
      else
        update row_counts set count = count + new.delta where workspace_id = new.workspace_id and resource = new.resource;
      end if;
      delete from row_count_changes where xact = new.xact;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create constraint trigger row_count_changes_apply after insert on row_count_changes
    deferrable initially deferred for each row execute function row_counts_apply()
  `.execute(db);
  for (const table of counted) {
    await sql`drop trigger ${sql.id(`${table}_row_count`)} on ${sql.table(table)}`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_row_count_insert`)} after insert on ${sql.table(table)}
      referencing new table as inserted for each statement execute function row_counts_inserted()
    `.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_row_count_delete`)} after delete on ${sql.table(table)}
      referencing old table as deleted for each statement execute function row_counts_deleted()
    `.execute(db);
  }
  await sql`drop function count_rows()`.execute(db);
}
