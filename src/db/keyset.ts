import { type SelectQueryBuilder, sql } from 'kysely';
import type { PageRequest } from '../shared/pagination.js';

/**
 * Applies a page request to a list query whose table has an `id` column: ordering on
 * (sort column, id), then OFFSET in page mode or a row-value keyset condition in cursor mode,
 * so a cursor page deep in the list costs what the first one costs. Fetches one row more than
 * the page, to tell whether another page follows.
 */
export function applyPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  request: PageRequest,
): SelectQueryBuilder<DB, TB, O> {
  const column = sql.ref(request.sort.column);
  const id = sql.ref('id');
  const direction = request.sort.direction;
  let q = query.orderBy(column, direction).orderBy(id, direction).limit(request.perPage + 1);
  if (request.mode === 'page') {
    q = q.offset((request.page - 1) * request.perPage);
  } else if (request.after) {
    const op = direction === 'asc' ? sql.raw('>') : sql.raw('<');
    q = q.where(sql<boolean>`(${column}, ${id}) ${op} (${request.after.value}, ${request.after.id})`);
  }
  return q;
}
