import type { Kysely } from 'kysely';
import type { DB, RequestLogsTable } from '../../db/types.js';
import type { PageRequest } from '../../shared/pagination.js';

export async function insertRequestLogs(trx: Kysely<DB>, rows: RequestLogsTable[]): Promise<void> {
  // The same request id twice (never expected) must not lose the batch.
  for (let i = 0; i < rows.length; i += 500) {
    await trx.insertInto('request_logs').values(rows.slice(i, i + 500)).onConflict((oc) => oc.column('id').doNothing()).execute();
  }
}

/** Drops entries older than `before` (every workspace): the log keeps 7 days. */
export async function deleteRequestLogsBefore(db: Kysely<DB>, before: string): Promise<void> {
  await db.deleteFrom('request_logs').where('created_at', '<', before).execute();
}

export interface RequestLogFilters {
  status?: number | undefined;
  /** A status class: 4 for 4xx, 5 for 5xx. */
  statusClass?: number | undefined;
  requestId?: string | undefined;
  keyId?: string | undefined;
  since: string;
}

function filtered(db: Kysely<DB>, workspaceId: string, filters: RequestLogFilters) {
  let query = db.selectFrom('request_logs').where('workspace_id', '=', workspaceId).where('created_at', '>=', filters.since);
  if (filters.status !== undefined) query = query.where('status', '=', filters.status);
  if (filters.statusClass !== undefined) query = query.where('status', '>=', filters.statusClass * 100).where('status', '<', filters.statusClass * 100 + 100);
  if (filters.requestId !== undefined) query = query.where('id', '=', filters.requestId);
  if (filters.keyId !== undefined) query = query.where('key_id', '=', filters.keyId);
  return query;
}

/** Newest first; one row more than the page, which tells whether more follow. */
export async function listRequestLogs(db: Kysely<DB>, workspaceId: string, filters: RequestLogFilters, page: PageRequest): Promise<RequestLogsTable[]> {
  let query = filtered(db, workspaceId, filters).select(['id', 'workspace_id', 'key_id', 'method', 'route', 'status', 'error_code', 'latency_ms', 'created_at']);
  if (page.mode === 'cursor' && page.after) {
    const { value, id } = page.after;
    query = query.where((eb) => eb.or([eb('created_at', '<', String(value)), eb.and([eb('created_at', '=', String(value)), eb('id', '<', id)])]));
  }
  query = query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.perPage + 1);
  if (page.mode === 'page') query = query.offset((page.page - 1) * page.perPage);
  return query.execute();
}

export async function countRequestLogs(db: Kysely<DB>, workspaceId: string, filters: RequestLogFilters): Promise<number> {
  const row = await filtered(db, workspaceId, filters).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}
