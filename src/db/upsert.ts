import { type Kysely, sql } from 'kysely';
import { lockForUpdate } from './dialect.js';
import type { DB } from './types.js';

/**
 * Upserts by external id, set-based, for the tables that have one (students, courses): the PUT
 * `…/by-external-id/{external_id}` routes run it with one row, imports with a chunk of thousands.
 * The unique index on (workspace_id, external_id) decides what exists: rows are first inserted with
 * `INSERT … ON CONFLICT DO NOTHING` (so any number of concurrent callers make one row per external
 * id), then the others are read (locked on PostgreSQL; SQLite runs one write transaction at a time)
 * and compared with what the caller asks for, and only the rows that differ are written. Run it in a
 * transaction: the reads and writes of a chunk must see the same rows.
 */

/** Which rows a call may make or change: `create_only` leaves existing ones, `update_only` makes none. */
export type UpsertMode = 'upsert' | 'create_only' | 'update_only';

/**
 * What happened to one row. `skipped`: the mode or the condition passed over it (`row` is the
 * existing object, or undefined when there is none).
 */
export type UpsertAction = 'created' | 'updated' | 'unchanged' | 'skipped';

interface KeyedRow {
  id: string;
  external_id: string | null;
  version: number;
  updated_at: string;
}

export interface UpsertRow<Insert, Read> {
  /** The row to insert when the workspace has no object of this external id: a new id, version 1, timestamps, every column. */
  insert: Insert;
  /** The fields to give the existing object; only those that differ from its stored values are written. */
  set: Partial<Read>;
}

export interface UpsertOptions<Read> {
  mode?: UpsertMode;
  /** `updated_at` of the rows this call changes. */
  now: string;
  /** Checked on each existing object before it is changed (If-Match); false skips the row. */
  condition?: (current: Read) => boolean;
}

export interface UpsertOutcome<Read> {
  action: UpsertAction;
  /** The object as it is now; undefined only for a row skipped because no object has its external id. */
  row: Read | undefined;
  /** For `updated`: the object before, and the columns that changed (updated_at and version aside). */
  previous?: Read;
  changes?: Partial<Read>;
}

export interface UpsertTable {
  table: 'students' | 'courses';
  /** The columns read back (`row`, `previous`). */
  columns: readonly string[];
  /** The columns an upsert may change. */
  settable: readonly string[];
  /** Settable columns holding JSON objects: equal when they hold the same pairs, whatever their order. */
  jsonColumns?: readonly string[];
}

/**
 * Bound parameters per statement: SQLite allows 32,766, PostgreSQL 65,535. A chunk is as many
 * rows as fit, so a statement never fails on its size, whatever the number of rows given.
 */
export const MAX_PARAMETERS = 30_000;

/** One outcome per row, in order. External ids must be distinct and non-empty, rows of `workspaceId`. */
export async function upsertByExternalId<Insert extends Read & { workspace_id: string }, Read extends KeyedRow>(
  db: Kysely<DB>,
  spec: UpsertTable,
  workspaceId: string,
  rows: readonly UpsertRow<Insert, Read>[],
  options: UpsertOptions<Read>,
): Promise<UpsertOutcome<Read>[]> {
  const seen = new Set<string>();
  for (const { insert } of rows) {
    const externalId = insert.external_id;
    if (typeof externalId !== 'string' || externalId === '') throw new Error('upsertByExternalId: every row needs an external_id');
    if (insert.workspace_id !== workspaceId) throw new Error('upsertByExternalId: a row of another workspace');
    if (seen.has(externalId)) throw new Error(`upsertByExternalId: external_id ${externalId} given twice`);
    seen.add(externalId);
  }
  if (rows.length === 0) return [];
  const perChunk = Math.max(1, Math.floor(MAX_PARAMETERS / (Object.keys(rows[0]!.insert).length + 1)));
  const outcomes: UpsertOutcome<Read>[] = [];
  for (let start = 0; start < rows.length; start += perChunk) {
    outcomes.push(...(await upsertChunk(db, spec, workspaceId, rows.slice(start, start + perChunk), options)));
  }
  return outcomes;
}

async function upsertChunk<Insert extends Read & { workspace_id: string }, Read extends KeyedRow>(
  db: Kysely<DB>,
  spec: UpsertTable,
  workspaceId: string,
  rows: readonly UpsertRow<Insert, Read>[],
  options: UpsertOptions<Read>,
): Promise<UpsertOutcome<Read>[]> {
  const mode = options.mode ?? 'upsert';
  // The table is one of two, named at run time: its rows are typed by the callers (Read, Insert).
  const any = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const outcomes = new Map<string, UpsertOutcome<Read>>();
  // External-id order: two transactions upserting overlapping rows lock them in the same order.
  let pending = [...rows].sort((a, b) => compare(a.insert.external_id!, b.insert.external_id!));
  // A row found neither by the insert nor by the read was deleted in between: try it again.
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt === 3) throw new Error('upsertByExternalId: rows keep disappearing between the insert and the read');
    if (mode !== 'update_only') {
      const inserted = await any
        .insertInto(spec.table)
        .values(pending.map((r) => r.insert as unknown as Record<string, unknown>))
        .onConflict((oc) => oc.columns(['workspace_id', 'external_id']).doNothing())
        .returning('id')
        .execute();
      const ids = new Set(inserted.map((r) => r.id as string));
      for (const r of pending) if (ids.has(r.insert.id)) outcomes.set(r.insert.external_id!, { action: 'created', row: r.insert });
      pending = pending.filter((r) => !ids.has(r.insert.id));
      if (pending.length === 0) break;
    }
    const query = any
      .selectFrom(spec.table)
      .select(spec.columns as string[])
      .where('workspace_id', '=', workspaceId)
      .where('external_id', 'in', pending.map((r) => r.insert.external_id!))
      .orderBy('external_id');
    const found = (await lockForUpdate(db, query).execute()) as unknown as Read[];
    const current = new Map<string, Read>(found.map((row) => [row.external_id!, row]));
    const changed: { next: Insert; previous: Read; changes: Partial<Read> }[] = [];
    const again: UpsertRow<Insert, Read>[] = [];
    for (const r of pending) {
      const externalId = r.insert.external_id!;
      const existing = current.get(externalId);
      if (!existing) {
        if (mode === 'update_only') outcomes.set(externalId, { action: 'skipped', row: undefined });
        else again.push(r);
        continue;
      }
      if (mode === 'create_only' || (options.condition && !options.condition(existing))) {
        outcomes.set(externalId, { action: 'skipped', row: existing });
        continue;
      }
      const changes = differences(spec, existing, r.set);
      if (Object.keys(changes).length === 0) {
        outcomes.set(externalId, { action: 'unchanged', row: existing });
        continue;
      }
      const next = { ...existing, ...changes, workspace_id: workspaceId, version: existing.version + 1, updated_at: options.now } as unknown as Insert;
      changed.push({ next, previous: existing, changes });
    }
    // One UPDATE per changed row (a nightly sync changes few). Not one INSERT … ON CONFLICT DO UPDATE:
    // on SQLite the policy of such a statement replaces the OR IGNORE of the search triggers' inserts.
    for (const { next, previous, changes } of changed) {
      await any
        .updateTable(spec.table)
        .set({ ...changes, updated_at: options.now, version: sql<number>`version + 1` })
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', previous.id)
        .execute();
      const row = Object.fromEntries(spec.columns.map((c) => [c, (next as Record<string, unknown>)[c]])) as unknown as Read;
      outcomes.set(next.external_id!, { action: 'updated', row, previous, changes });
    }
    pending = again;
  }
  return rows.map((r) => outcomes.get(r.insert.external_id!)!);
}

/** The fields of `wanted` whose value differs from the stored one. */
function differences<Read>(spec: UpsertTable, current: Read, wanted: Partial<Read>): Partial<Read> {
  const out: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(wanted)) {
    if (value === undefined) continue;
    if (!spec.settable.includes(column)) throw new Error(`upsertByExternalId: ${spec.table}.${column} is not settable`);
    const stored = (current as Record<string, unknown>)[column];
    const same = spec.jsonColumns?.includes(column) ? sameJson(stored, value) : stored === value;
    if (!same) out[column] = value;
  }
  return out as Partial<Read>;
}

/** Two JSON texts of flat objects holding the same pairs. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  const canonical = (text: string) => {
    const value = JSON.parse(text) as Record<string, unknown>;
    return JSON.stringify(Object.keys(value).sort().map((k) => [k, value[k]]));
  };
  return canonical(a) === canonical(b);
}

/** Code-unit order, the same as the index's on SQLite and PostgreSQL's "C" collation. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
