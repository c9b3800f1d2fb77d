import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB, ImportObjectType, ImportsTable } from '../../db/types.js';
import { type ClaimedJob, extendLease, finishJob, rescheduleJob } from '../../jobs/queue.js';
import type { JobHandler } from '../../jobs/runner.js';
import { toIso } from '../../shared/clock.js';
import { applyEnrollments, applyStudents, type Outcome, Overlay, resultOf } from './import-apply.js';
import { type Deactivation, deactivate, ownedObjects } from './import-sync.js';
import { importFilePath, removeImportFile } from './import-files.js';
import { ImportFileError } from './import-reader.js';
import { Duplicates, numberedRows, type NumberedRow, type Scan, scanFile } from './import-scan.js';
import * as repo from './imports.repository.js';
import { exceedsThreshold, type ImportsContext, recordImportEvent } from './imports.service.js';

/** Waits before running an import again after an unexpected failure (the database gone); then it fails. */
const RETRY_WAITS_MS = [5_000, 30_000, 120_000];

/** The worker lost the import to another one (its lease lapsed): it stops, and the other goes on. */
class LeaseLost extends Error {}

/**
 * Runs roster imports from the shared job queue. A run reads the file once to check it (nothing
 * written: a file that is not UTF-8, has more than 100,000 rows or cannot be read fails here), plans
 * a full sync's deactivations (waiting for confirmation above the threshold), then applies the rows
 * in chunks, students before enrollments, then the deactivations. Each chunk is one transaction
 * with its result lines, the import's counts and its resume point, and it extends the job's lease:
 * a worker that dies leaves the import to be taken up after its lease, from the last committed
 * chunk, and a worker that lost its lease can commit nothing more. No row is applied twice.
 */
export function rosterImporter(ctx: ImportsContext, log: FastifyBaseLogger): JobHandler {
  async function run(job: ClaimedJob): Promise<void> {
    const found = await repo.findImportForJob(ctx.db, job.subjectId);
    if (!found || (found.status !== 'queued' && found.status !== 'running')) {
      await finishJob(ctx.db, job);
      return;
    }
    try {
      await runImport(job, found);
    } catch (err) {
      if (err instanceof LeaseLost) {
        log.warn({ importId: found.id, jobId: job.id }, 'import handed over: its job lease had ended');
        return;
      }
      const wait = RETRY_WAITS_MS[found.failures];
      log.error({ err, importId: found.id, failures: found.failures + 1 }, wait === undefined ? 'import failed' : 'import failed; it runs again');
      if (wait === undefined) {
        const current = (await repo.findImportForJob(ctx.db, found.id))!;
        await settle(job, current, { status: 'failed', error_code: 'internal_error', error_message: stoppedMessage(current) });
        return;
      }
      await ctx.db.transaction().execute(async (trx) => {
        if (await rescheduleJob(trx, job, ctx.clock.now() + wait)) await repo.updateImport(trx, found.id, { failures: found.failures + 1, updated_at: toIso(ctx.clock.now()) });
      });
    }
  }

  async function runImport(job: ClaimedJob, found: ImportsTable): Promise<void> {
    let imp = found;
    const started = { status: 'running' as const, started_at: imp.started_at ?? toIso(ctx.clock.now()), updated_at: toIso(ctx.clock.now()) };
    // A dry run keeps what its rows would have written in memory only: taken up again, it starts over.
    const restart = imp.dry_run === 1 && imp.status === 'running' ? { ...zeroCounts, students_applied: 0, enrollments_applied: 0 } : {};
    await inLease(job, async (trx) => {
      if (imp.dry_run === 1) await repo.deleteResults(trx, imp.id);
      await repo.updateImport(trx, imp.id, { ...started, ...restart });
    });
    imp = { ...imp, ...started, ...restart };

    const file = importFilePath(ctx.importDir, imp.id);
    let scan: Scan;
    try {
      scan = await scanFile(file, imp);
    } catch (err) {
      if (!(err instanceof ImportFileError)) throw err;
      await settle(job, imp, { status: 'failed', error_code: err.code, error_message: err.message, error_file: err.file, error_line: err.line });
      return;
    }
    const begun = imp.students_applied + imp.enrollments_applied + imp.deactivated > 0;
    const plan = imp.sync === 'full' && !begun ? await planSync(imp, scan) : {};
    const counted = { total_rows: scan.total, ...plan, updated_at: toIso(ctx.clock.now()) };
    await inLease(job, (trx) => repo.updateImport(trx, imp.id, counted));
    imp = { ...imp, ...counted };
    if (imp.sync === 'full' && !begun && imp.dry_run === 0 && imp.confirmed === 0 && exceedsThreshold(imp)) {
      await settle(job, imp, { status: 'awaiting_confirmation' });
      return;
    }

    const overlay = new Overlay();
    const duplicates = new Duplicates(scan);
    for (const type of ['student', 'enrollment'] as const) imp = await applyRows(job, imp, scan, type, overlay, duplicates);
    if (imp.sync === 'full') imp = await applyDeactivations(job, imp, scan);
    await settle(job, imp, { status: imp.failed > 0 ? 'succeeded_with_errors' : 'succeeded' });
  }

  /** A full sync's plan: what it deactivates of the source's active objects of the file's types. */
  async function planSync(imp: ImportsTable, scan: Scan): Promise<Pick<ImportsTable, 'pending_students' | 'pending_enrollments' | 'pending_of'>> {
    const plan = { pending_students: 0, pending_enrollments: 0, pending_of: 0 };
    for await (const page of ownedObjects(ctx.db, imp, scan, ctx.chunkRows)) {
      plan.pending_of += page.length;
      for (const { object, deactivate: goes } of page) if (goes) plan[object.type === 'student' ? 'pending_students' : 'pending_enrollments']++;
    }
    return plan;
  }

  /**
   * The rows of one type, after those applied already, a chunk per transaction. A chunk's rows are
   * read and applied a batch at a time inside its transaction, each batch's result lines written
   * with it, so that what a row needs lives only while its batch is applied (see APPLY_BATCH_ROWS).
   */
  async function applyRows(job: ClaimedJob, start: ImportsTable, scan: Scan, type: ImportObjectType, overlay: Overlay, duplicates: Duplicates): Promise<ImportsTable> {
    let imp = start;
    const appliedField = type === 'student' ? 'students_applied' : 'enrollments_applied';
    const source = numberedRows(importFilePath(ctx.importDir, imp.id), imp, type, scan.rows.student)[Symbol.asyncIterator]();
    // Every row read passes through the duplicate check, those a resumed run skips included.
    const read = async (): Promise<NumberedRow | undefined> => {
      const next = await source.next();
      if (next.done) return undefined;
      duplicates.mark(next.value);
      return next.value;
    };
    try {
      let row = await read();
      for (let skip = imp[appliedField]; skip > 0 && row; skip--) row = await read();
      while (row) {
        imp = await commitChunk(job, imp, async (trx, results) => {
          let applied = 0;
          while (row && applied < ctx.chunkRows) {
            const batch: NumberedRow[] = [];
            for (; row && batch.length < APPLY_BATCH_ROWS && applied + batch.length < ctx.chunkRows; row = await read()) batch.push(row);
            // A real run's later batches read what the earlier ones wrote; a dry run keeps its overlay throughout.
            const context = { db: trx, clock: ctx.clock, import: imp, scan, overlay: imp.dry_run === 1 ? overlay : new Overlay() };
            await results.add(type === 'student' ? await applyStudents(context, batch) : await applyEnrollments(context, batch));
            applied += batch.length;
          }
          return { [appliedField]: imp[appliedField] + applied };
        });
      }
    } finally {
      await source.return(undefined);
    }
    return imp;
  }

  /** A full sync's deactivations, a chunk per transaction (each deactivated object leaves the source's active ones). */
  async function applyDeactivations(job: ClaimedJob, start: ImportsTable, scan: Scan): Promise<ImportsTable> {
    let imp = start;
    for await (const page of ownedObjects(ctx.db, imp, scan, ctx.chunkRows)) {
      const going = page.filter((o) => o.deactivate).map((o) => o.object);
      if (going.length === 0) continue;
      imp = await commitChunk(job, imp, async (trx, results) => {
        await results.addDeactivated(await deactivate(trx, ctx.clock, imp, going));
        return {};
      });
    }
    return imp;
  }

  /**
   * One chunk in one transaction: the work, which writes its result lines as it goes, the import's
   * counts and its resume point (what `work` answers), committed only while this worker holds the
   * job's lease and the import is where it left it. Answers the import as committed.
   */
  async function commitChunk(job: ClaimedJob, imp: ImportsTable, work: (trx: Kysely<DB>, results: ChunkResults) => Promise<Partial<ImportsTable>>): Promise<ImportsTable> {
    let next = imp;
    await inLease(job, async (trx) => {
      const results = new ChunkResults(trx, imp);
      const advance = await work(trx, results);
      const changes = { ...advance, ...results.counts, updated_at: toIso(ctx.clock.now()) };
      if (!(await repo.advanceImport(trx, imp.id, imp, changes))) throw new LeaseLost();
      next = { ...imp, ...changes };
    });
    return next;
  }

  /** Runs `work` in a transaction that also extends the job's lease; LeaseLost when the lease is gone. */
  async function inLease(job: ClaimedJob, work: (trx: Kysely<DB>) => Promise<unknown>): Promise<void> {
    const until = ctx.clock.now() + ctx.leaseMs;
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await extendLease(trx, job, until))) throw new LeaseLost();
      await work(trx);
    });
    job.leaseUntil = toIso(until);
  }

  /** Records the outcome and its event, if this worker still holds the job; a finished import's file goes. */
  async function settle(job: ClaimedJob, imp: ImportsTable, changes: Partial<ImportsTable>): Promise<void> {
    const at = toIso(ctx.clock.now());
    const terminal = changes.status !== 'awaiting_confirmation';
    const next = { ...imp, ...(changes.status === 'failed' ? { ...zeroCountsIfNothingWritten(imp) } : {}), ...changes, updated_at: at, ...(terminal ? { completed_at: at } : {}) };
    const recorded = await ctx.db.transaction().execute(async (trx) => {
      if (!(await finishJob(trx, job))) return false;
      await repo.updateImport(trx, imp.id, next);
      await recordImportEvent(trx, ctx.clock, next);
      return true;
    });
    if (!recorded) {
      log.warn({ importId: imp.id, jobId: job.id }, 'import outcome not recorded: its job lease had ended');
      return;
    }
    if (terminal) await removeImportFile(ctx.importDir, imp.id);
  }

  return { kind: 'roster_import', concurrency: 1, leaseMs: ctx.leaseMs, run };
}

/**
 * Rows applied together inside a chunk's transaction: one set of reads and writes for each batch.
 * Small enough that a batch's objects (its rows as read, their outcomes, statements, events and
 * result lines) are gone before V8's next young-generation collection, which would otherwise move
 * them to the old generation, where they stay until a full collection: with the whole chunk of
 * 1,000 rows alive until its commit, that was most of the import's peak (bench/README.md, "Imports").
 */
const APPLY_BATCH_ROWS = 250;

/** A chunk's result lines, written as its batches are applied, and the import's counts with them. */
class ChunkResults {
  readonly counts: Pick<ImportsTable, 'created' | 'updated' | 'unchanged' | 'deactivated' | 'failed' | 'skipped'>;

  constructor(
    private readonly trx: Kysely<DB>,
    private readonly imp: ImportsTable,
  ) {
    this.counts = { created: imp.created, updated: imp.updated, unchanged: imp.unchanged, deactivated: imp.deactivated, failed: imp.failed, skipped: imp.skipped };
  }

  /** The rows' outcomes. */
  async add(outcomes: Outcome[]): Promise<void> {
    for (const o of outcomes) this.counts[o.action]++;
    await repo.insertResults(this.trx, outcomes.map((o) => resultOf(this.imp.id, o)));
  }

  /** A full sync's deactivations, numbered after every row of the file. */
  async addDeactivated(deactivated: Deactivation[]): Promise<void> {
    const first = (this.imp.total_rows ?? 0) + this.counts.deactivated;
    await repo.insertResults(
      this.trx,
      deactivated.map((d, i) => ({
        import_id: this.imp.id,
        seq: first + i,
        file: '-',
        line: null,
        type: d.type,
        external_id: d.externalId,
        action: 'deactivated' as const,
        object_id: d.id,
        code: null,
        field: null,
        message: null,
      })),
    );
    this.counts.deactivated += deactivated.length;
  }
}

const zeroCounts = { created: 0, updated: 0, unchanged: 0, deactivated: 0, failed: 0, skipped: 0 };

/** A file that fails before any row is applied leaves the counts at zero (a dry run's included). */
function zeroCountsIfNothingWritten(imp: ImportsTable): Partial<ImportsTable> {
  return imp.students_applied + imp.enrollments_applied + imp.deactivated === 0 ? zeroCounts : {};
}

function stoppedMessage(imp: ImportsTable): string {
  const applied = imp.students_applied + imp.enrollments_applied;
  return applied === 0 ? 'The import could not be run; nothing was written. Import the file again' : `The import stopped after ${applied} rows had been applied (see its results); import the file again to apply the rest`;
}
