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
 * SQLite: the triggers record which search documents changed in `search_pending` instead of
 * updating the FTS5 index in the writing transaction; src/db/full-text.ts applies the pending
 * documents in one transaction before every search and once a second. FTS5 writes a new segment
 * for each transaction that changes it, which costs a single-row insert more than the insert itself
 * (bench/README.md, "Figures behind the code"); applied together, many documents share one segment. (PostgreSQL's GIN index keeps its
 * own pending list; nothing changes there.)
 *
 * `indexed` says whether the document is in the FTS index now (the first change since the last
 * apply decides: an insert is not, an update or a delete is). A deleted row's document number
 * may be reused by the next insert, also in another table, hence the key (source, doc).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await sql`
    create table search_pending (
      source text not null,
      doc integer not null,
      indexed integer not null,
      primary key (source, doc)
    ) without rowid
  `.execute(db);
  for (const [table, fts, title, body] of indexed) {
    const t = sql.table(table);
    const [a, b] = [sql.ref(title), sql.ref(body)];
    const docOf = (row: 'new' | 'old') => sql`(select doc from search_documents where id = ${sql.raw(row)}.id)`;
    const pending = (row: 'new' | 'old', isIndexed: 0 | 1) =>
      sql`insert or ignore into search_pending (source, doc, indexed) values (${sql.lit(table)}, ${docOf(row)}, ${sql.lit(isIndexed)});`;
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
