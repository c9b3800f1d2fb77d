import type { FastifyBaseLogger } from 'fastify';
import type { ExportsTable } from '../../db/types.js';
import { type ClaimedJob, finishJob, rescheduleJob } from '../../jobs/queue.js';
import type { JobHandler } from '../../jobs/runner.js';
import { toIso } from '../../shared/clock.js';
import { recordEvent } from '../events/record-events.js';
import { holdsAnswers, toCourseDocument } from './course-document.js';
import { writeExportFile } from './export-files.js';
import * as exportsRepo from './exports.repository.js';
import { EXPORT_RETENTION_MS, type ExportsContext, toExportJob } from './exports.service.js';

/** A build that has not finished in this long is taken over by another worker (or this one, restarted). */
export const EXPORT_LEASE_MS = 10 * 60 * 1000;
/** Waits before building again after an unexpected failure (disk full, database gone); then the export fails. */
const RETRY_WAITS_MS = [30_000, 120_000];

/**
 * Builds course exports from the shared job queue: reads the course tree from one snapshot,
 * writes the file, then, if this worker still holds the job, marks the export succeeded and
 * records `export.completed` in one transaction. A worker that dies mid-way leaves the job to be
 * claimed again when its lease ends; a restart picks up every export still queued.
 */
export function courseExporter(ctx: ExportsContext, log: FastifyBaseLogger): JobHandler {
  async function run(job: ClaimedJob): Promise<void> {
    const row = await exportsRepo.findExportForJob(ctx.db, job.subjectId);
    if (!row || row.status === 'succeeded' || row.status === 'failed') {
      await finishJob(ctx.db, job);
      return;
    }
    await exportsRepo.updateExport(ctx.db, row.id, { status: 'running', updated_at: toIso(ctx.clock.now()) });
    try {
      const tree = await exportsRepo.readCourseTree(ctx.db, row.workspace_id, row.course_id);
      if (!tree) {
        await fail(job, row, 'resource_not_found', `Course ${row.course_id} was deleted before the export was built`);
        return;
      }
      const document = toCourseDocument(tree, toIso(ctx.clock.now()));
      const size = await writeExportFile(ctx.exportDir, row.id, row.format, document);
      const now = ctx.clock.now();
      await settle(job, row, {
        status: 'succeeded',
        contains_answers: holdsAnswers(document) ? 1 : 0,
        size_bytes: size,
        completed_at: toIso(now),
        expires_at: toIso(now + EXPORT_RETENTION_MS),
        updated_at: toIso(now),
      });
    } catch (err) {
      const wait = RETRY_WAITS_MS[row.failures];
      log.error({ err, exportId: row.id, failures: row.failures + 1 }, wait === undefined ? 'export failed' : 'export failed; it runs again');
      if (wait === undefined) {
        await fail(job, row, 'internal_error', 'The export could not be built; create a new one');
        return;
      }
      await ctx.db.transaction().execute(async (trx) => {
        if (await rescheduleJob(trx, job, ctx.clock.now() + wait)) {
          await exportsRepo.updateExport(trx, row.id, { status: 'queued', failures: row.failures + 1, updated_at: toIso(ctx.clock.now()) });
        }
      });
    }
  }

  function fail(job: ClaimedJob, row: ExportsTable, code: string, message: string): Promise<void> {
    const now = toIso(ctx.clock.now());
    return settle(job, row, { status: 'failed', error_code: code, error_message: message, completed_at: now, updated_at: now });
  }

  /** Records the outcome and its event, if this worker still holds the job (finishing it checks the lease). */
  async function settle(job: ClaimedJob, row: ExportsTable, changes: Partial<ExportsTable>): Promise<void> {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await finishJob(trx, job))) {
        log.warn({ exportId: row.id, jobId: job.id }, 'export outcome not recorded: its job lease had ended');
        return;
      }
      const next = { ...row, ...changes };
      await exportsRepo.updateExport(trx, row.id, changes);
      await recordEvent(trx, ctx.clock, row.workspace_id, next.status === 'succeeded' ? 'export.completed' : 'export.failed', toExportJob(next, ctx.clock.now()));
    });
  }

  // Builds are heavy: one at a time per process.
  return { kind: 'course_export', concurrency: 1, leaseMs: EXPORT_LEASE_MS, run };
}
