import type { Kysely } from 'kysely';
import type { DB, ImportsTable } from '../../db/types.js';
import { enqueueJobs } from '../../jobs/queue.js';
import { announceJobs } from '../../jobs/wakeup.js';
import { type Clock, toIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError, notFound } from '../../shared/errors.js';
import { newId } from '../../shared/ids.js';
import { validationError } from '../../shared/validation-issues.js';
import { type PageResult, parseListQuery, toPageResult } from '../../shared/pagination.js';
import { hasScope } from '../api-keys/scopes.js';
import { recordEvent } from '../events/record-events.js';
import { importFilePath, removeImportFile, type SpooledBody } from './import-files.js';
import * as repo from './imports.repository.js';
import { type CreateImportQuery, type Import, type ImportResultLine, type ListImportsQuery, importMediaTypes, importSorts } from './imports.schemas.js';

/** What import code needs besides the database and the clock: where files wait, how big a chunk is, how long a claim lasts. */
export interface ImportsContext extends ServiceContext {
  importDir: string;
  chunkRows: number;
  leaseMs: number;
}

/** Who asks for an import: the key's workspace, its id and its scopes (enrollment rows need enrollments:write). */
export interface ImportPrincipal {
  workspaceId: string;
  keyId: string | null;
  scopes: ReadonlySet<string>;
}

export function toImport(row: ImportsTable): Import {
  const pendingStudents = row.pending_students ?? 0;
  const pendingEnrollments = row.pending_enrollments ?? 0;
  const of = row.pending_of ?? 0;
  const total = pendingStudents + pendingEnrollments;
  return {
    id: row.id,
    status: row.status,
    format: row.format,
    type: row.csv_type,
    mode: row.mode,
    sync: row.sync,
    source: row.source,
    dry_run: row.dry_run === 1,
    max_delete_percent: row.max_delete_percent,
    progress: { done: row.students_applied + row.enrollments_applied, total: row.total_rows },
    counts: { created: row.created, updated: row.updated, unchanged: row.unchanged, deactivated: row.deactivated, failed: row.failed, skipped: row.skipped },
    pending_deactivation:
      row.pending_of === null ? null : { students: pendingStudents, enrollments: pendingEnrollments, total, of, percent: of === 0 ? 0 : Math.round((10_000 * total) / of) / 100 },
    error: row.error_code === null ? null : { code: row.error_code, message: row.error_message ?? '', file: row.error_file, line: row.error_line },
    results_url: `/api/v1/imports/${row.id}/results`,
    created_at: row.created_at,
    updated_at: row.updated_at,
    started_at: row.started_at,
    completed_at: row.completed_at,
  };
}

/** The import's share of a full sync's plan: more than max_delete_percent waits for confirmation. */
export function exceedsThreshold(row: Pick<ImportsTable, 'pending_students' | 'pending_enrollments' | 'pending_of' | 'max_delete_percent'>): boolean {
  const total = (row.pending_students ?? 0) + (row.pending_enrollments ?? 0);
  const of = row.pending_of ?? 0;
  return of > 0 && total * 100 > row.max_delete_percent * of;
}

/**
 * The options that depend on each other or on the body: `type` with a CSV only, and `source` with
 * a full sync. Checked before the request is taken on (no Idempotency-Key stored for it).
 */
export function checkImportOptions(body: SpooledBody, query: Record<string, unknown>): void {
  const format = importMediaTypes[body.media_type as keyof typeof importMediaTypes];
  if (format === 'csv' && query.type === undefined) {
    throw validationError('query', [{ path: '/query/type', message: 'is required with text/csv: students or enrollments' }]);
  }
  if (format !== 'csv' && query.type !== undefined) {
    throw validationError('query', [{ path: '/query/type', message: `is for text/csv only: each row of a ${format} body says its type` }]);
  }
  if (query.sync === 'full' && query.source === undefined) {
    throw validationError('query', [{ path: '/query/source', message: 'is required with sync=full: a full sync deactivates only what imports of that source made' }]);
  }
}

/**
 * Queues an import of the spooled file: the import's row and its job in one transaction (with the
 * stored answer of an Idempotency-Key, when the request carries one: the same key gives the same
 * import). Answers the queued import.
 */
export async function createImport(ctx: ImportsContext, principal: ImportPrincipal, body: SpooledBody, query: CreateImportQuery): Promise<Import> {
  const format = importMediaTypes[body.media_type as keyof typeof importMediaTypes];
  const now = ctx.clock.now();
  const at = toIso(now);
  const row: ImportsTable = {
    id: newId('imp', now),
    workspace_id: principal.workspaceId,
    key_id: principal.keyId,
    status: 'queued',
    format,
    csv_type: query.type ?? null,
    mode: query.mode ?? 'upsert',
    sync: query.sync ?? 'delta',
    source: query.source ?? null,
    dry_run: query.dry_run ? 1 : 0,
    max_delete_percent: query.max_delete_percent ?? 10,
    can_enroll: hasScope(principal.scopes, 'enrollments:write') ? 1 : 0,
    file_bytes: body.bytes,
    file_sha256: body.sha256,
    total_rows: null,
    students_applied: 0,
    enrollments_applied: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    deactivated: 0,
    failed: 0,
    skipped: 0,
    pending_students: null,
    pending_enrollments: null,
    pending_of: null,
    confirmed: 0,
    failures: 0,
    error_code: null,
    error_message: null,
    error_file: null,
    error_line: null,
    created_at: at,
    updated_at: at,
    started_at: null,
    completed_at: null,
  };
  await body.adoptAs(importFilePath(ctx.importDir, row.id));
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertImport(trx, row);
    await enqueueJobs(trx, [{ kind: 'roster_import', subjectId: row.id, runAt: now }], now);
    await announceJobs(trx);
  });
  return toImport(row);
}

export async function getImport(ctx: ServiceContext, workspaceId: string, id: string): Promise<Import> {
  const row = await repo.findImport(ctx.db, workspaceId, id);
  if (!row) throw notFound('Import', id);
  return toImport(row);
}

export async function listImports(ctx: ServiceContext, workspaceId: string, query: ListImportsQuery): Promise<PageResult<Import>> {
  const page = parseListQuery('imports', workspaceId, query, importSorts, '-created_at');
  const filters = { status: query.status, updatedSince: query.updated_since };
  const [rows, total] = await Promise.all([
    repo.listImports(ctx.db, workspaceId, filters, page),
    page.mode === 'page' ? repo.countImports(ctx.db, workspaceId, filters) : undefined,
  ]);
  return toPageResult('imports', workspaceId, page, rows, total, (row) => row[page.sort.column], toImport);
}

function notAwaiting(row: ImportsTable, action: 'confirm' | 'cancel'): AppError {
  const running = action === 'cancel' && row.status === 'running' ? ' A running import cannot be cancelled.' : '';
  return new AppError('import_not_awaiting_confirmation', `Import ${row.id} is ${row.status}; only an import awaiting confirmation can be ${action === 'confirm' ? 'confirmed' : 'cancelled'}.${running}`, {
    status: row.status,
  });
}

/** Lets a full sync waiting for confirmation go on: queued again, it deactivates what it planned. */
export async function confirmImport(ctx: ImportsContext, workspaceId: string, id: string): Promise<Import> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const row = await repo.findImport(trx, workspaceId, id);
    if (!row) throw notFound('Import', id);
    const changes = { status: 'queued' as const, confirmed: 1, updated_at: toIso(now) };
    if (!(await repo.transitionImport(trx, workspaceId, id, ['awaiting_confirmation'], changes))) throw notAwaiting(row, 'confirm');
    await enqueueJobs(trx, [{ kind: 'roster_import', subjectId: id, runAt: now }], now);
    await announceJobs(trx);
    return toImport({ ...row, ...changes });
  });
}

/** Drops a full sync waiting for confirmation: nothing of it was written, and nothing will be. */
export async function cancelImport(ctx: ImportsContext, workspaceId: string, id: string): Promise<Import> {
  const at = toIso(ctx.clock.now());
  const canceled = await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.findImport(trx, workspaceId, id);
    if (!row) throw notFound('Import', id);
    const changes = { status: 'canceled' as const, updated_at: at, completed_at: at };
    if (!(await repo.transitionImport(trx, workspaceId, id, ['awaiting_confirmation'], changes))) throw notAwaiting(row, 'cancel');
    return toImport({ ...row, ...changes });
  });
  await removeImportFile(ctx.importDir, id);
  return canceled;
}

/** Result lines are kept this long after their import ends (docs/imports.md, "Results"). */
export const IMPORT_RESULTS_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Removes the result lines of imports that ended more than 30 days ago, an import at a time; answers how many imports. */
export async function purgeExpiredResults(ctx: ServiceContext): Promise<number> {
  const before = toIso(ctx.clock.now() - IMPORT_RESULTS_RETENTION_MS);
  let purged = 0;
  for (let id = await repo.importWithResultsEndedBefore(ctx.db, before); id !== undefined; id = await repo.importWithResultsEndedBefore(ctx.db, before)) {
    await repo.deleteResults(ctx.db, id);
    purged++;
  }
  return purged;
}

/** Records an import's event (import.completed, import.failed, import.awaiting_confirmation) with the import as GET answers it. */
export async function recordImportEvent(trx: Kysely<DB>, clock: Clock, row: ImportsTable): Promise<void> {
  const type = row.status === 'failed' ? 'import.failed' : row.status === 'awaiting_confirmation' ? 'import.awaiting_confirmation' : 'import.completed';
  await recordEvent(trx, clock, row.workspace_id, type, toImport(row));
}

export type ResultsFormat = 'ndjson' | 'csv';

const RESULTS_PAGE = 1_000;
const csvHeader = ['file', 'line', 'type', 'external_id', 'action', 'id', 'code', 'field', 'message'] as const;

/**
 * The import's result lines as text, a page of lines at a time (NDJSON: one object per line; CSV:
 * a header, then one row per line), in file order, the deactivations last. Checked for the
 * workspace before the first line.
 */
export async function openResults(ctx: ServiceContext, workspaceId: string, id: string, onlyFailed: boolean, format: ResultsFormat): Promise<AsyncGenerator<string>> {
  if (!(await repo.findImport(ctx.db, workspaceId, id))) throw notFound('Import', id);
  return (async function* () {
    if (format === 'csv') yield `${csvHeader.join(',')}\r\n`;
    for (let after = -1; ; ) {
      const rows = await repo.resultsPage(ctx.db, id, after, onlyFailed, RESULTS_PAGE);
      if (rows.length === 0) return;
      after = rows[rows.length - 1]!.seq;
      const lines = rows.map((row) => {
        const line: ImportResultLine = {
          file: row.file,
          line: row.line,
          type: row.type,
          external_id: row.external_id,
          action: row.action,
          ...(row.object_id !== null && { id: row.object_id }),
          ...(row.code !== null && { code: row.code }),
          ...(row.field !== null && { field: row.field }),
          ...(row.message !== null && { message: row.message }),
        };
        return format === 'csv' ? `${csvHeader.map((name) => csvCell(line[name])).join(',')}\r\n` : `${JSON.stringify(line)}\n`;
      });
      yield lines.join('');
      if (rows.length < RESULTS_PAGE) return;
    }
  })();
}

/**
 * RFC 4180: quoted when it holds a comma, a quote or a line break. A text that a spreadsheet would
 * run as a formula (it starts with =, +, -, @, a tab or a carriage return and goes on: an external id
 * or a message quoting one, from the uploaded file; `-` alone, the file of a plain CSV, is no formula)
 * gets a leading apostrophe, as OWASP advises against
 * CSV injection; numbers (line) are written as they are.
 */
function csvCell(value: string | number | null | undefined): string {
  if (value === undefined || value === null) return '';
  const text = typeof value === 'string' && /^[=+\-@\t\r]./s.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
