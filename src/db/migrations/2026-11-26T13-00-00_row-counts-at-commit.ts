import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

// Frozen: this migration must keep producing the same schema; change the schema in a new file.

const counted = ['courses', 'students', 'enrollments'] as const;

/**
 * PostgreSQL: the row-count triggers run at commit (constraint triggers, deferred), not at each
 * insert or delete. Run at the statement, the first insert of a transaction took the row lock of the
 * workspace's counter until the transaction ended, so two transactions creating courses in the same
 * workspace ran one after the other (a unit of work waited for the other's commit). At commit, the
 * lock is held only while the transaction commits. SQLite has one writer: nothing changes there.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const table of counted) {
    await sql`drop trigger ${sql.id(`${table}_row_count`)} on ${sql.table(table)}`.execute(db);
    await sql`
      create constraint trigger ${sql.id(`${table}_row_count`)} after insert or delete on ${sql.table(table)}
      deferrable initially deferred for each row execute function count_rows()
    `.execute(db);
  }
}
