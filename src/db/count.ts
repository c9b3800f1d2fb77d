import type { Kysely, SelectQueryBuilder } from 'kysely';
import { prepared } from './prepared.js';
import type { DB, RowCountsTable } from './types.js';

/** How many rows a filtered query (no selection yet) matches: `select count(*)`, as a number on both dialects. */
export async function countRows<TB extends keyof DB>(query: SelectQueryBuilder<DB, TB, object>): Promise<number> {
  const row = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

const rowCount = prepared<{ workspaceId: string; resource: RowCountsTable['resource'] }, { count: number | string }>((db, p) =>
  db.selectFrom('row_counts').select('count').where('workspace_id', '=', p('workspaceId')).where('resource', '=', p('resource')),
);

/**
 * How many rows of a counted table the workspace has, from `row_counts` (kept exact by triggers in
 * the transaction of every insert and delete: migration row-counts): one row read, whatever the size
 * of the workspace, where `count(*)` reads every row of it.
 */
export async function countOfWorkspace(db: Kysely<DB>, workspaceId: string, resource: RowCountsTable['resource']): Promise<number> {
  const row = await rowCount.first(db, { workspaceId, resource });
  return row === undefined ? 0 : Number(row.count);
}

/** Whether a list's filters are all unset (a new filter, once set, makes the list count its rows). */
export function unfiltered(filters: object): boolean {
  return Object.values(filters).every((value) => value === undefined);
}
