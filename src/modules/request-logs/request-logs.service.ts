import type { RequestLogsTable } from '../../db/types.js';
import { toIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { type PageResult, parseListQuery, toPageResult } from '../../shared/pagination.js';
import { keyNames } from '../api-keys/api-keys.repository.js';
import { REQUEST_LOG_RETENTION_MS } from './request-log-buffer.js';
import { countRequestLogs, listRequestLogs, type RequestLogFilters } from './request-logs.repository.js';
import type { ListRequestLogsQuery, RequestLog } from './request-logs.schemas.js';

/** What the log read needs of this process's buffer: its pending entries written first. */
export interface RequestLogFlusher {
  flush(): Promise<void>;
}

const sorts = { '-created_at': { column: 'created_at', direction: 'desc' } } as const;

export function toRequestLog(row: RequestLogsTable, keyName: string | null): RequestLog {
  return {
    request_id: row.id,
    key_id: row.key_id,
    key_name: keyName,
    method: row.method,
    route: row.route,
    status: Number(row.status),
    error_code: row.error_code,
    latency_ms: Number(row.latency_ms),
    created_at: row.created_at,
  };
}

/**
 * The workspace's failed API requests of the last 7 days, newest first, each with its key's
 * current name. This process's pending entries are written first; other processes' show within
 * their flush interval.
 */
export async function listRequestLogEntries(
  ctx: ServiceContext,
  buffer: RequestLogFlusher,
  workspaceId: string,
  query: ListRequestLogsQuery,
): Promise<PageResult<RequestLog>> {
  const page = parseListQuery('request-logs', workspaceId, query, sorts, '-created_at');
  const status = query.status;
  const filters: RequestLogFilters = {
    ...(status !== undefined && (status.endsWith('xx') ? { statusClass: Number(status[0]) } : { status: Number(status) })),
    requestId: query.request_id,
    keyId: query.key_id,
    since: toIso(ctx.clock.now() - REQUEST_LOG_RETENTION_MS),
  };
  await buffer.flush();
  const [rows, total] = await Promise.all([
    listRequestLogs(ctx.db, workspaceId, filters, page),
    page.mode === 'page' ? countRequestLogs(ctx.db, workspaceId, filters) : undefined,
  ]);
  const names = await keyNames(ctx.db, workspaceId, rows.map((row) => row.key_id));
  return toPageResult('request-logs', workspaceId, page, rows, total, (row) => row.created_at, (row) => toRequestLog(row, names.get(row.key_id) ?? null));
}
