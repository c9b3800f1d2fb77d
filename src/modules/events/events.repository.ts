import { type Kysely, sql } from 'kysely';
import { countRows } from '../../db/count.js';
import { applyPage } from '../../db/keyset.js';
import type { DB, EventsTable } from '../../db/types.js';
import type { PageRequest } from '../../shared/pagination.js';

const columns = ['id', 'workspace_id', 'type', 'data', 'created_at'] as const;

export interface EventFilters {
  /** An exact type, or a family prefix such as `student.` (from `student.*`). */
  type?: { exact: string } | { prefix: string } | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** Events older than this are past the log's retention and never listed. */
  notBefore: string;
}

function filtered(db: Kysely<DB>, workspaceId: string, filters: EventFilters) {
  let query = db.selectFrom('events').where('workspace_id', '=', workspaceId).where('created_at', '>=', filters.notBefore);
  const type = filters.type;
  if (type && 'exact' in type) query = query.where('type', '=', type.exact);
  // Type names hold only [a-z_.]; `_` is a LIKE wildcard, so it is escaped.
  if (type && 'prefix' in type) query = query.where(sql<boolean>`type like ${`${type.prefix.replaceAll('_', '\\_')}%`} escape '\\'`);
  if (filters.from !== undefined) query = query.where('created_at', '>=', filters.from);
  if (filters.to !== undefined) query = query.where('created_at', '<', filters.to);
  return query;
}

export async function listEvents(db: Kysely<DB>, workspaceId: string, filters: EventFilters, page: PageRequest): Promise<EventsTable[]> {
  return applyPage(filtered(db, workspaceId, filters).select(columns), page).execute();
}

export async function countEvents(db: Kysely<DB>, workspaceId: string, filters: EventFilters): Promise<number> {
  return countRows(filtered(db, workspaceId, filters));
}

export async function findEvent(db: Kysely<DB>, workspaceId: string, id: string, notBefore: string): Promise<EventsTable | undefined> {
  return db
    .selectFrom('events')
    .select(columns)
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .where('created_at', '>=', notBefore)
    .executeTakeFirst();
}

export async function insertEvents(db: Kysely<DB>, rows: EventsTable[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('events').values(rows).execute();
}

/** For jobs: an event by id, whatever its workspace. */
export async function findEventForJob(db: Kysely<DB>, id: string): Promise<EventsTable | undefined> {
  return db.selectFrom('events').select(columns).where('id', '=', id).executeTakeFirst();
}

/** For the sweeper: removes events past retention (their deliveries go with them), a batch at a time. */
export async function deleteEventsBefore(db: Kysely<DB>, before: string, batch: number): Promise<number> {
  const result = await db
    .deleteFrom('events')
    .where('id', 'in', db.selectFrom('events').select('id').where('created_at', '<', before).limit(batch))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
