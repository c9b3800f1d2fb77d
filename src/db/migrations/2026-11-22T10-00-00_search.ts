import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

// Frozen: this migration must keep producing the same schema; change the schema in a new file.

/** The searchable text of each resource: [table, full-text table (SQLite), title-like column, body-like column]. */
const indexed = [
  ['courses', 'course_search', 'title', 'description'],
  ['lessons', 'lesson_search', 'title', 'content'],
  ['students', 'student_search', 'name', 'email'],
] as const;

/**
 * Full-text search of courses, lessons and students, kept in sync by the database itself, so no
 * write path (API, bulk, import, a cascade, an operator's SQL) can forget it, and existing rows
 * are indexed here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') await upPostgres(db);
  else await upSqlite(db);
}

/**
 * PostgreSQL: a generated tsvector column per table (title-like text weight A, the rest B) with a
 * GIN index. Accents are folded by `unaccent`, a trusted extension since PostgreSQL 13 (the
 * database owner may create it, no superuser needed). `unaccent()` is only STABLE (its dictionary
 * could change), so a generated column cannot call it directly; the customary IMMUTABLE wrapper
 * names the dictionary explicitly. The wrapper also turns ASCII punctuation into spaces:
 * PostgreSQL's parser would otherwise keep `ada@example.com`, `e-mail` or `v1.2` as single tokens
 * where SQLite's tokenizer sees words, and search must find the same rows on both.
 */
async function upPostgres(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists unaccent`.execute(db);
  // The extension may already live in another schema; call it there whatever the search_path.
  const { rows } = await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'unaccent'`.execute(db);
  const schema = rows[0]!.schema;
  const unaccent = sql.raw(`${schema}.unaccent('${schema}.unaccent'::regdictionary, value)`);
  await sql`
    create or replace function lectern_search_text(value text) returns text
    language sql immutable strict parallel safe
    as $$ select regexp_replace(${unaccent}, '[[:punct:]]', ' ', 'g') $$
  `.execute(db);
  for (const [table, , title, body] of indexed) {
    // Adding a stored generated column rewrites the table: every existing row is indexed now.
    await sql`
      alter table ${sql.table(table)} add column search_vector tsvector generated always as (
        setweight(to_tsvector('simple', coalesce(lectern_search_text(${sql.ref(title)}), '')), 'A') ||
        setweight(to_tsvector('simple', coalesce(lectern_search_text(${sql.ref(body)}), '')), 'B')
      ) stored
    `.execute(db);
    await sql`create index ${sql.id(`${table}_search_idx`)} on ${sql.table(table)} using gin (search_vector)`.execute(db);
  }
}

/**
 * SQLite: one FTS5 table per resource (tokenizer unicode61 folding case and accents, prefix
 * indexes for short prefixes), maintained by triggers. The tables are contentless (the text
 * stays in the base table only) with contentless_delete, so triggers can update and delete by
 * rowid. FTS5 rows are keyed by integers while our ids are text, and the hidden rowid of a table
 * without an INTEGER PRIMARY KEY may change on VACUUM, so `search_documents` gives each indexed
 * row a stable integer of its own.
 */
async function upSqlite(db: Kysely<any>): Promise<void> {
  await sql`create table search_documents (doc integer primary key, id text not null unique)`.execute(db);
  for (const [table, fts, title, body] of indexed) {
    const t = sql.table(table);
    const f = sql.table(fts);
    const [a, b] = [sql.ref(title), sql.ref(body)];
    const docOf = (row: 'new' | 'old') => sql`(select doc from search_documents where id = ${sql.raw(row)}.id)`;
    await sql`
      create virtual table ${f} using fts5(
        ${a}, ${b}, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
      )
    `.execute(db);
    await sql`
      create trigger ${sql.id(`${fts}_insert`)} after insert on ${t} begin
        insert into search_documents (id) values (new.id);
        insert into ${f} (rowid, ${a}, ${b}) values (${docOf('new')}, new.${a}, new.${b});
      end
    `.execute(db);
    await sql`
      create trigger ${sql.id(`${fts}_update`)} after update of ${a}, ${b} on ${t} begin
        update ${f} set ${a} = new.${a}, ${b} = new.${b} where rowid = ${docOf('new')};
      end
    `.execute(db);
    await sql`
      create trigger ${sql.id(`${fts}_delete`)} after delete on ${t} begin
        delete from ${f} where rowid = ${docOf('old')};
        delete from search_documents where id = old.id;
      end
    `.execute(db);
    await sql`insert into search_documents (id) select id from ${t} order by id`.execute(db);
    await sql`
      insert into ${f} (rowid, ${a}, ${b})
      select d.doc, r.${a}, r.${b} from ${t} r join search_documents d on d.id = r.id
    `.execute(db);
  }
}
