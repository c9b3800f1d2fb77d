import { type AliasedRawBuilder, type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from './types.js';
import { dialectOf } from './dialect.js';

/**
 * Full-text matching, the one part of search where SQLite and PostgreSQL differ (the indexes are
 * made by migration 2026-11-22T10-00-00_search). Both sides take the same words and answer the
 * same rows: every word must match, each as a prefix, case- and accent-insensitively; a match in
 * the title-like column (title, name) ranks above one in the body-like column (description,
 * content, email).
 */
export type FullTextTable = 'courses' | 'lessons' | 'students';

/** One matching row: its id and its rank, lower first (relevance is not comparable across dialects). */
export interface FullTextMatch {
  search_id: string;
  search_rank: number;
}

/** Each table's FTS5 index and its indexed columns (title-like, body-like). */
const sqliteIndexes: Record<FullTextTable, { fts: string; columns: readonly [string, string] }> = {
  courses: { fts: 'course_search', columns: ['title', 'description'] },
  lessons: { fts: 'lesson_search', columns: ['title', 'content'] },
  students: { fts: 'student_search', columns: ['name', 'email'] },
};

/** bm25 column weights on SQLite: a title-like match counts ten times a body-like one. */
const TITLE_WEIGHT = 10;

/**
 * The rows of `table` matching all `words` (letters and digits only, at least one), as a derived
 * table `search_match (search_id, search_rank)` to join on the table's id. The words are passed as
 * parameters and quoted, so no user input becomes full-text query syntax. The caller still
 * filters on workspace_id: the SQLite index covers every workspace.
 */
export function fullTextMatches(
  db: Kysely<DB>,
  table: FullTextTable,
  workspaceId: string,
  words: readonly string[],
): AliasedRawBuilder<FullTextMatch, 'search_match'> {
  if (words.length === 0) throw new Error('fullTextMatches needs at least one word');
  const query = dialectOf(db) === 'postgres' ? postgresMatches(table, workspaceId, words) : sqliteMatches(table, words);
  return query.as('search_match');
}

/** FTS5: each word a quoted prefix phrase ("intro"*), juxtaposed phrases meaning AND. */
function sqliteMatches(table: FullTextTable, words: readonly string[]): RawBuilder<FullTextMatch> {
  const fts = sql.table(sqliteIndexes[table].fts);
  const match = words.map((word) => `"${word.replaceAll('"', '""')}"*`).join(' ');
  return sql<FullTextMatch>`(
    select search_documents.id as search_id, bm25(${fts}, ${sql.lit(TITLE_WEIGHT)}, 1) as search_rank
    from ${fts} join search_documents on search_documents.doc = ${fts}.rowid
    where ${fts} match ${match}
  )`;
}

/**
 * tsquery: each word folded like the indexed text (lectern_search_text), quoted as a lexeme and
 * marked as a prefix (`'intro':*`), joined with &&. lectern_search_text turns every ASCII
 * punctuation character into a space, so the quoted text can hold no quote or backslash.
 * ts_rank weighs A (title-like) 1.0 and B 0.4; negated so that lower ranks first, as on SQLite.
 */
function postgresMatches(table: FullTextTable, workspaceId: string, words: readonly string[]): RawBuilder<FullTextMatch> {
  const tsquery = sql.join(
    words.map((word) => sql`to_tsquery('simple', '''' || lectern_search_text(${word}::text) || ''':*')`),
    sql` && `,
  );
  return sql<FullTextMatch>`(
    select id as search_id, -ts_rank(search_vector, query) as search_rank
    from ${sql.table(table)}, (select ${tsquery} as query) as search_query
    where workspace_id = ${workspaceId} and search_vector @@ query
  )`;
}

/** Search documents applied per transaction: one batch holds the writer (and, on SQLite, the event loop) for tens of milliseconds at most. */
export const SEARCH_APPLY_BATCH = 2_000;

/**
 * SQLite: applies the search documents that changed since the last call to the FTS5 indexes;
 * answers how many it applied. The triggers only record them in search_pending (migration
 * 2026-11-22T15-00-00_search-pending): FTS5 writes a segment for every transaction that changes an
 * index, so applying many documents together costs much less than one at a time. They are applied
 * SEARCH_APPLY_BATCH at a time, one transaction each, with a turn of the event loop between two
 * batches: a backlog of a million documents (a bulk load, a restore) is worked through while
 * requests go on being served, instead of in one transaction that stops the process for a minute.
 * Search calls this before it reads, so it sees every committed write; the server calls it once a
 * second, so the pending list stays short. Nothing to do on PostgreSQL.
 */
export async function applyPendingSearch(db: Kysely<DB>): Promise<number> {
  if (dialectOf(db) === 'postgres') return 0;
  let applied = 0;
  for (;;) {
    const batch = await applyPendingBatch(db);
    applied += batch;
    if (batch < SEARCH_APPLY_BATCH) return applied;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The first SEARCH_APPLY_BATCH pending documents (in key order), applied in one transaction. */
async function applyPendingBatch(db: Kysely<DB>): Promise<number> {
  const { rows } = await sql`select 1 from search_pending limit 1`.execute(db);
  if (rows.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const last = (await sql<{ source: string; doc: number }>`select source, doc from search_pending order by source, doc limit 1 offset ${SEARCH_APPLY_BATCH - 1}`.execute(trx)).rows[0];
    const inBatch = (alias: string) => (last ? sql`(${sql.ref(`${alias}.source`)}, ${sql.ref(`${alias}.doc`)}) <= (${last.source}, ${last.doc})` : sql`true`);
    for (const table of Object.keys(sqliteIndexes) as FullTextTable[]) {
      const fts = sql.table(sqliteIndexes[table].fts);
      const [a, b] = sqliteIndexes[table].columns.map((column) => sql.ref(column));
      await sql`delete from ${fts} where rowid in (select doc from search_pending p where p.source = ${table} and p.indexed = 1 and ${inBatch('p')})`.execute(trx);
      // A deleted row has no search document any more, and a reused number belongs to another table's row: neither joins.
      await sql`
        insert into ${fts} (rowid, ${a}, ${b})
        select p.doc, r.${a}, r.${b}
        from search_pending p join search_documents d on d.doc = p.doc join ${sql.table(table)} r on r.id = d.id
        where p.source = ${table} and ${inBatch('p')}
      `.execute(trx);
    }
    const result = await sql`delete from search_pending as p where ${inBatch('p')}`.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  });
}
