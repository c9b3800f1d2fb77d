import { type Kysely, sql } from 'kysely';
import { countRows } from '../../db/count.js';
import { type FiltersSet, filtersSet, preparedPage } from '../../db/keyset.js';
import type { DB, EventsTable } from '../../db/types.js';
import type { PageRequest } from '../../shared/pagination.js';

const columns = ['id', 'workspace_id', 'type', 'data', 'created_at'] as const;

export interface EventFilters {
  /** An exact type. */
  type?: string | undefined;
  /** A family prefix such as `student.` (from `student.*`). */
  typePrefix?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** Events older than this are past the log's retention and never listed. */
  notBefore: string;
}

/** A list's filters as values of its query: real values, or the placeholders of a prepared one. */
type FilterValues = {
  workspaceId: string;
  type: string;
  /** The LIKE pattern of typePrefix. */
  typePattern: string;
  from: string;
  to: string;
  notBefore: string;
};

function filterValues(workspaceId: string, filters: EventFilters): FilterValues {
  return {
    workspaceId,
    type: filters.type ?? '',
    // Type names hold only [a-z_.]; `_` is a LIKE wildcard, so it is escaped.
    typePattern: filters.typePrefix === undefined ? '' : `${filters.typePrefix.replaceAll('_', '\\_')}%`,
    from: filters.from ?? '',
    to: filters.to ?? '',
    notBefore: filters.notBefore,
  };
}

function filtered(db: Kysely<DB>, set: FiltersSet<EventFilters>, values: FilterValues) {
  let query = db.selectFrom('events').where('workspace_id', '=', values.workspaceId).where('created_at', '>=', values.notBefore);
  if (set.type) query = query.where('type', '=', values.type);
  if (set.typePrefix) query = query.where(sql<boolean>`type like ${values.typePattern} escape '\\'`);
  if (set.from) query = query.where('created_at', '>=', values.from);
  if (set.to) query = query.where('created_at', '<', values.to);
  return query;
}

const eventPage = preparedPage<EventFilters, FilterValues, EventsTable>({
  valuesOf: filterValues,
  build: (db, set, values) => filtered(db, set, values).select(columns),
  given: ['notBefore'],
});

export async function listEvents(db: Kysely<DB>, workspaceId: string, filters: EventFilters, page: PageRequest): Promise<EventsTable[]> {
  return eventPage(db, workspaceId, filters, page);
}

export async function countEvents(db: Kysely<DB>, workspaceId: string, filters: EventFilters): Promise<number> {
  return countRows(filtered(db, filtersSet(filters), filterValues(workspaceId, filters)));
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
