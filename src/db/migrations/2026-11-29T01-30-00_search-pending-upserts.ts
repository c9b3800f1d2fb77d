import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

// Frozen: this migration must keep producing the same schema; change the schema in a new file.

/** [table, full-text table, title-like column, body-like column], as in the search migration. */
const indexed = [
  ['courses', 'course_search', 'title', 'description'],
  ['lessons', 'lesson_search', 'title', 'content'],
  ['students', 'student_search', 'name', 'email'],
] as const;

/**
 * SQLite: the search triggers (migration search-pending) recorded a changed document with
 * `INSERT OR IGNORE INTO search_pending`. Inside a trigger, the conflict policy of the statement that
 * fired it replaces the trigger's own `OR IGNORE`, and an upsert (`INSERT … ON CONFLICT …`, what the
 * upserts by external id and imports run) has ABORT as its policy for the other constraints: when
 * the document was already pending (changed within the last second, or a deleted row's number
 * reused), the upsert failed on search_pending's primary key. An `ON CONFLICT DO NOTHING` clause of
 * the trigger's own insert is not replaced. Same triggers otherwise; nothing changes on PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  for (const [table, fts, title, body] of indexed) {
    const t = sql.table(table);
    const [a, b] = [sql.ref(title), sql.ref(body)];
    const docOf = (row: 'new' | 'old') => sql`(select doc from search_documents where id = ${sql.raw(row)}.id)`;
    const pending = (row: 'new' | 'old', isIndexed: 0 | 1) =>
      sql`insert into search_pending (source, doc, indexed) values (${sql.lit(table)}, ${docOf(row)}, ${sql.lit(isIndexed)}) on conflict (source, doc) do nothing;`;
    for (const op of ['insert', 'update', 'delete']) await sql`drop trigger ${sql.id(`${fts}_${op}`)}`.execute(db);
    await sql`
      create trigger ${sql.id(`${fts}_insert`)} after insert on ${t} begin
        insert into search_documents (id) values (new.id);
        ${pending('new', 0)}
      end
    `.execute(db);
    await sql`
      create trigger ${sql.id(`${fts}_update`)} after update of ${a}, ${b} on ${t} begin
        ${pending('new', 1)}
      end
    `.execute(db);
    await sql`
      create trigger ${sql.id(`${fts}_delete`)} after delete on ${t} begin
        ${pending('old', 1)}
        delete from search_documents where id = old.id;
      end
    `.execute(db);
  }
}
