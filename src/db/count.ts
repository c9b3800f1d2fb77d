import type { SelectQueryBuilder } from 'kysely';
import type { DB } from './types.js';

/** How many rows a filtered query (no selection yet) matches: `select count(*)`, as a number on both dialects. */
export async function countRows<TB extends keyof DB>(query: SelectQueryBuilder<DB, TB, object>): Promise<number> {
  const row = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
