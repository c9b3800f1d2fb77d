import { type Kysely, sql } from 'kysely';
import type { DB } from './types.js';
import { countRows } from './count.js';

/** Tables whose rows keep dense positions among siblings, and the column naming the parent. */
const parents = { modules: 'course_id', lessons: 'module_id' } as const;
export type PositionedTable = keyof typeof parents;

export async function countSiblings(db: Kysely<DB>, table: PositionedTable, parentId: string): Promise<number> {
  return countRows(db.selectFrom(table).where(parents[table], '=', parentId));
}

/**
 * Adds `delta` to the position of siblings from `from` to `to` (inclusive; open-ended without
 * `to`). A moved sibling changed, so it gets `now` as updated_at and a new version: incremental
 * syncs (`updated_since`) and ETags see the move.
 */
export async function shiftPositions(
  db: Kysely<DB>,
  table: PositionedTable,
  parentId: string,
  from: number,
  to: number | undefined,
  delta: number,
  now: string,
): Promise<void> {
  let query = db
    .updateTable(table)
    .set({ position: sql<number>`position + ${delta}`, updated_at: now, version: sql<number>`version + 1` })
    .where(parents[table], '=', parentId)
    .where('position', '>=', from);
  if (to !== undefined) query = query.where('position', '<=', to);
  await query.execute();
}

/** Makes room at `position` for a sibling that moves from `from` (both among the same parent). */
export async function moveWithin(db: Kysely<DB>, table: PositionedTable, parentId: string, from: number, position: number, now: string): Promise<void> {
  if (position < from) await shiftPositions(db, table, parentId, position, from - 1, 1, now);
  if (position > from) await shiftPositions(db, table, parentId, from + 1, position, -1, now);
}
