import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { PageRequest } from '../shared/pagination.js';
import { preparedShapes } from './prepared.js';
import type { DB } from './types.js';

/**
 * What of a page request decides its SQL: the order, the mode, and whether a cursor position is
 * given; and whether the page lies deep in page mode (its OFFSET reads more than SHORT_OFFSET rows).
 */
interface PageShape {
  column: string;
  direction: 'asc' | 'desc';
  cursor: boolean;
  after: boolean;
  deep: boolean;
}

/** Rows an OFFSET may skip for a list's read to count as short (preparedPage). */
const SHORT_OFFSET = 1_000;

/** The values of a page request's SQL (real values, or placeholders of a prepared statement). */
interface PageValues {
  limit: number;
  offset: number;
  afterValue: string | number;
  afterId: string;
}

function pageShape(request: PageRequest): PageShape {
  const cursor = request.mode === 'cursor';
  const deep = request.mode === 'page' && (request.page - 1) * request.perPage > SHORT_OFFSET;
  return { column: request.sort.column, direction: request.sort.direction, cursor, after: cursor && request.after !== undefined, deep };
}

function pageValues(request: PageRequest): PageValues {
  const after = request.mode === 'cursor' ? request.after : undefined;
  return {
    limit: request.perPage + 1,
    offset: request.mode === 'page' ? (request.page - 1) * request.perPage : 0,
    afterValue: after?.value ?? '',
    afterId: after?.id ?? '',
  };
}

/**
 * A page request's clauses on a list query whose table has an `id` column: ordering on
 * (sort column, id), then OFFSET in page mode or a row-value keyset condition in cursor mode,
 * so a cursor page deep in the list costs what the first one costs. Fetches one row more than
 * the page, to tell whether another page follows.
 */
function pageClauses<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, shape: PageShape, values: PageValues): SelectQueryBuilder<DB, TB, O> {
  const column = sql.ref(shape.column);
  const id = sql.ref('id');
  let q = query.orderBy(column, shape.direction).orderBy(id, shape.direction).limit(values.limit);
  if (!shape.cursor) {
    q = q.offset(values.offset);
  } else if (shape.after) {
    const op = shape.direction === 'asc' ? sql.raw('>') : sql.raw('<');
    q = q.where(sql<boolean>`(${column}, ${id}) ${op} (${values.afterValue}, ${values.afterId})`);
  }
  return q;
}

type Params = Record<string, string | number | null>;
type PageParams = { pageLimit: number; pageOffset: number; afterValue: string | number; afterId: string };

/** Which filters of a list are set: part of the SQL's shape (a filter left out adds no condition). */
export type FiltersSet<F> = { readonly [K in keyof F]-?: boolean };

/**
 * A list query as a prepared statement (prepared.ts): built and compiled once per shape (the
 * filters set, the order, page or cursor mode), every value bound anew; on SQLite it reads on the
 * turn's read snapshot like the reads by id, on PostgreSQL it runs as a named statement. A page of
 * a list is read on every sync and every screen of a list: building and compiling the query each
 * time, and PostgreSQL parsing and planning it each time, cost more than the rows' own read
 * (bench/README.md, "The list of 100").
 *
 * On PostgreSQL an unfiltered page that is not deep (every list's order has its index: the read is
 * that index's next perPage + 1 entries, after at most SHORT_OFFSET skipped) is a short read, sent
 * on the pipelined connections with the turn's other short reads (postgres-pipeline.ts); a
 * filtered or deep one, which may walk much of the workspace's index, runs on the pool.
 *
 * `valuesOf` gives the workspace id and the filters' values as named parameters (those of filters
 * left out are never bound); `build` makes the filtered query, its selection included, from the
 * filters set and `values`: valuesOf's object with each value's placeholder in its place, so one
 * `filtered(db, set, values)` builds the prepared page and, with real values, the list's count.
 * The ordering, limit and offset or keyset condition (pageClauses) are added here. Every list the API pages from its tables reads through this.
 *
 * `given`: members of the filters that every request gives (the course, module, registration or
 * endpoint the list belongs to; the event log's retention bound). Their conditions are in every
 * shape and the order's index starts with them, so they do not make a page filtered (not short).
 * `unindexed`: the list's order has no index (a table scan, however short the page): never short.
 */
export function preparedPage<F extends object, P extends Params, O extends { id: string }>(options: {
  valuesOf: (workspaceId: string, filters: F) => P;
  build: (db: Kysely<DB>, set: FiltersSet<F>, values: P) => SelectQueryBuilder<DB, keyof DB, O>;
  given?: readonly (keyof F & string)[];
  unindexed?: boolean;
}) {
  const given = new Set<string>(options.given);
  const statement = preparedShapes<{ workspaceId: string; filters: F; page: PageRequest }, { set: FiltersSet<F>; page: PageShape }, P & PageParams, O>({
    shapeOf: ({ filters, page }) => ({ set: filtersSet(filters), page: pageShape(page) }),
    short: (shape) => !options.unindexed && !shape.page.deep && !Object.entries(shape.set).some(([name, set]) => set && !given.has(name)),
    valuesOf: ({ workspaceId, filters, page }) => {
      const values = pageValues(page);
      return { ...options.valuesOf(workspaceId, filters), pageLimit: values.limit, pageOffset: values.offset, afterValue: values.afterValue, afterId: values.afterId };
    },
    build: (db, shape, p) =>
      // Built once per shape: each value read from `values` is its placeholder.
      pageClauses(options.build(db, shape.set, new Proxy({} as P, { get: (_values, name) => p(name as keyof P & string) })), shape.page, {
        limit: p('pageLimit'),
        offset: p('pageOffset'),
        afterValue: p('afterValue'),
        afterId: p('afterId'),
      }),
  });
  return (db: Kysely<DB>, workspaceId: string, filters: F, page: PageRequest): Promise<O[]> => statement.execute(db, { workspaceId, filters, page });
}

/** Each filter's name, true when it is set (not undefined). */
export function filtersSet<F extends object>(filters: F): FiltersSet<F> {
  const set: Record<string, boolean> = {};
  for (const [name, value] of Object.entries(filters)) set[name] = value !== undefined;
  return set as FiltersSet<F>;
}
