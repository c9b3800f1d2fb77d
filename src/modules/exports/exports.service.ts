import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { ExportsTable } from '../../db/types.js';
import { enqueueJobs } from '../../jobs/queue.js';
import { announceJobs } from '../../jobs/wakeup.js';
import { nowIso, toIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError, notFound } from '../../shared/errors.js';
import { newId } from '../../shared/ids.js';
import { hasScope } from '../api-keys/scopes.js';
import { findCourse } from '../courses/courses.repository.js';
import { contentTypes, exportFilePath, fileExtensions, removeExportFile } from './export-files.js';
import * as repo from './exports.repository.js';
import type { CreateExportBody, ExportJob } from './exports.schemas.js';

/** What export code needs besides the database and the clock: where the files are. */
export interface ExportsContext extends ServiceContext {
  exportDir: string;
}

/** A file is kept this long after its export completes, then removed. */
export const EXPORT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export function toExportJob(row: ExportsTable, now: number): ExportJob {
  const downloadable = row.status === 'succeeded' && row.expires_at !== null && row.expires_at > toIso(now);
  return {
    id: row.id,
    course_id: row.course_id,
    format: row.format,
    status: row.status,
    created_at: row.created_at,
    completed_at: row.completed_at,
    download_url: downloadable ? `/api/v1/exports/${row.id}/download` : null,
    expires_at: row.expires_at,
    size_bytes: row.size_bytes === null ? null : Number(row.size_bytes),
    error: row.error_code === null ? null : { code: row.error_code, message: row.error_message ?? '' },
  };
}

/** Queues an export of the course: the job runner of any process builds it. */
export async function createExport(ctx: ServiceContext, workspaceId: string, courseId: string, body: CreateExportBody): Promise<ExportJob> {
  if (!(await findCourse(ctx.db, workspaceId, courseId))) throw notFound('Course', courseId);
  const now = ctx.clock.now();
  const createdAt = toIso(now);
  const row: ExportsTable = {
    id: newId('exp', now),
    workspace_id: workspaceId,
    course_id: courseId,
    format: body.format,
    status: 'queued',
    contains_answers: 0,
    size_bytes: null,
    failures: 0,
    error_code: null,
    error_message: null,
    created_at: createdAt,
    updated_at: createdAt,
    completed_at: null,
    expires_at: null,
    file_removed_at: null,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertExport(trx, row);
    await enqueueJobs(trx, [{ kind: 'course_export', subjectId: row.id, runAt: now }], now);
    await announceJobs(trx);
  });
  return toExportJob(row, now);
}

export async function getExport(ctx: ServiceContext, workspaceId: string, id: string): Promise<ExportJob> {
  const row = await repo.findExport(ctx.db, workspaceId, id);
  if (!row) throw notFound('Export', id);
  return toExportJob(row, ctx.clock.now());
}

export interface ExportDownload {
  stream: Readable;
  contentType: string;
  size: number;
  filename: string;
}

/**
 * Opens an export's file for streaming. A file holding quiz answers is for keys that may see
 * answers (courses:write) or that make exports (exports:write); courses:read alone is refused.
 */
export async function openDownload(ctx: ExportsContext, workspaceId: string, id: string, scopes: ReadonlySet<string>): Promise<ExportDownload> {
  const row = await repo.findExport(ctx.db, workspaceId, id);
  if (!row) throw notFound('Export', id);
  if (row.status !== 'succeeded') {
    throw new AppError('export_not_ready', `Export ${id} is ${row.status}; its file can be downloaded once it has succeeded`, { status: row.status });
  }
  if (row.expires_at === null || row.expires_at <= nowIso(ctx.clock)) {
    throw new AppError('export_expired', `Export ${id} expired at ${row.expires_at}; create a new one`, { expired_at: row.expires_at });
  }
  if (row.contains_answers === 1 && !hasScope(scopes, 'courses:write') && !hasScope(scopes, 'exports:write')) {
    throw new AppError('insufficient_permissions', 'This export holds quiz answers: downloading it needs courses:write or exports:write', {
      required_scope: 'exports:write',
    });
  }
  const file = exportFilePath(ctx.exportDir, row.id, row.format);
  // Opened before answering, so a missing file is a 500 here, not a broken 200 stream.
  const handle = await fs.promises.open(file, 'r');
  const { size } = await handle.stat();
  return {
    stream: handle.createReadStream(),
    contentType: contentTypes[row.format],
    size,
    filename: `${row.course_id}-${row.id}.${fileExtensions[row.format]}`,
  };
}

/** Removes the files of exports past their expiry; answers how many went. */
export async function purgeExpiredExports(ctx: ExportsContext): Promise<number> {
  const now = nowIso(ctx.clock);
  let total = 0;
  for (;;) {
    const expired = await repo.expiredExports(ctx.db, now, 100);
    for (const row of expired) {
      await removeExportFile(ctx.exportDir, row.id, row.format);
      await repo.updateExport(ctx.db, row.id, { file_removed_at: now });
    }
    total += expired.length;
    if (expired.length < 100) return total;
  }
}

/** A course with its modules, lessons and quizzes in order, read in one snapshot as an export reads it (the live player's outline). */
export async function readCourseTree(ctx: ServiceContext, workspaceId: string, courseId: string) {
  return repo.readCourseTree(ctx.db, workspaceId, courseId);
}
