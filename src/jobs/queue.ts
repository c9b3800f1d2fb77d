import { type Expression, type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { countRows } from '../db/count.js';
import { dialectOf } from '../db/dialect.js';
import type { DB, JobKind, JobsTable } from '../db/types.js';
import { toIso } from '../shared/clock.js';
import { newId } from '../shared/ids.js';

/**
 * The job queue every background job kind shares. A job is due when run_at has passed. Claiming
 * moves run_at to the end of a lease and stamps lease_until with the same instant: the job is
 * then nobody else's until the lease ends, and if its worker dies it simply becomes due again
 * (at least once). Finishing or rescheduling only succeeds while the claimer still holds the lease.
 */

export interface ClaimedJob {
  id: string;
  kind: JobKind;
  subjectId: string;
  /** The lease this claim holds; finishing or rescheduling checks it. */
  leaseUntil: string;
}

/**
 * Adds jobs in the caller's transaction (in statements of at most 500 rows, within both
 * databases' limits on bound parameters); a subject that already has a job keeps that one.
 */
export async function enqueueJobs(db: Kysely<DB>, jobs: { kind: JobKind; subjectId: string; runAt: number }[], now: number): Promise<void> {
  if (jobs.length === 0) return;
  const createdAt = toIso(now);
  const rows: JobsTable[] = jobs.map((job) => ({
    id: newId('job', now),
    kind: job.kind,
    subject_id: job.subjectId,
    run_at: toIso(job.runAt),
    lease_until: null,
    created_at: createdAt,
  }));
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('jobs')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.column('subject_id').doNothing())
      .execute();
  }
}

/**
 * Makes the subject's job due now (adding one if it has none), unless a worker holds it at the
 * moment. True when the job is now due.
 */
export async function runSoon(db: Kysely<DB>, kind: JobKind, subjectId: string, now: number): Promise<boolean> {
  await enqueueJobs(db, [{ kind, subjectId, runAt: now }], now);
  const result = await db
    .updateTable('jobs')
    .set({ run_at: toIso(now) })
    .where('subject_id', '=', subjectId)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', toIso(now))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * How a kind's jobs share the runners: grouped (a delivery by its endpoint), at most `cap` jobs of
 * one group leased at once, and the claims handed out across groups in turn.
 */
export interface JobGroups {
  /**
   * The group of a job, from its row (a subquery on the job's subject); a job whose group is null
   * (its subject is gone) is a group of its own.
   */
  of: (eb: ExpressionBuilder<DB, 'jobs'>) => Expression<string | null>;
  /** Jobs of one group leased at once, counted from the leases in the queue. */
  cap: number;
}

/**
 * Claims up to `limit` due jobs of a kind, oldest first; with `groups`, in turn across groups (see
 * dueInTurn). On PostgreSQL, concurrent workers skip each other's rows (FOR UPDATE SKIP LOCKED)
 * instead of queueing behind them; on SQLite the statement runs under the database's single write
 * lock, which gives the same exclusivity.
 */
export async function claimDueJobs(
  db: Kysely<DB>,
  kind: JobKind,
  now: number,
  leaseMs: number,
  limit: number,
  groups?: JobGroups,
): Promise<ClaimedJob[]> {
  let due;
  if (groups) {
    const ids = await dueInTurn(db, kind, now, leaseMs, limit, groups);
    if (ids.length === 0) return [];
    // Due is checked again on the row itself (another process may have claimed it since), and
    // without `kind`, so that the rows are found by id rather than through the due index.
    due = db.selectFrom('jobs').select('id').where('id', 'in', ids).where('run_at', '<=', toIso(now));
  } else {
    due = db.selectFrom('jobs').select('id').where('kind', '=', kind).where('run_at', '<=', toIso(now)).orderBy('run_at').limit(limit);
  }
  if (dialectOf(db) === 'postgres') due = due.forUpdate().skipLocked();
  return claimWhere(db, now, leaseMs, (q) => q.where('id', 'in', due));
}

/** Due jobs looked at per grouped claim, oldest first, besides those of groups at their cap. */
const GROUPED_CANDIDATES = 500;

/**
 * The ids of up to `limit` due jobs, in turn across groups: each group's oldest job, then each
 * group's second…, never past a group's cap counting the group's jobs leased now, by this process
 * or any other. Groups at their cap are left out before the oldest due jobs are taken, so a group
 * whose jobs pile up (a receiver that hangs) does not hide the others' jobs. Leased jobs are found
 * through the due index: a claim sets run_at to the lease's end, so a job leased now has run_at in
 * (now, now + leaseMs]; twice the lease covers processes whose clocks run ahead of this one.
 */
async function dueInTurn(db: Kysely<DB>, kind: JobKind, now: number, leaseMs: number, limit: number, groups: JobGroups): Promise<string[]> {
  const nowText = toIso(now);
  const group = (eb: ExpressionBuilder<DB, 'jobs'>) => eb.fn.coalesce(groups.of(eb), eb.ref('jobs.subject_id'));
  const leased = await db
    .selectFrom('jobs')
    .select((eb) => [group(eb).as('grp'), eb.fn.countAll<number | string>().as('leased')])
    .where('kind', '=', kind)
    .where('run_at', '>', nowText)
    .where('run_at', '<=', toIso(now + 2 * leaseMs))
    .where('lease_until', '>', nowText)
    .groupBy('grp')
    .execute();
  const taken = new Map(leased.map((row) => [row.grp, Number(row.leased)]));
  const full = [...taken].filter(([, count]) => count >= groups.cap).map(([grp]) => grp);
  let candidates = db
    .selectFrom('jobs')
    .select((eb) => ['jobs.id', group(eb).as('grp')])
    .where('kind', '=', kind)
    .where('run_at', '<=', nowText);
  if (full.length > 0) candidates = candidates.where((eb) => eb(group(eb), 'not in', full));
  const turns: { id: string; turn: number }[] = [];
  for (const job of await candidates.orderBy('run_at').limit(GROUPED_CANDIDATES).execute()) {
    const turn = (taken.get(job.grp) ?? 0) + 1;
    taken.set(job.grp, turn);
    if (turn <= groups.cap) turns.push({ id: job.id, turn });
  }
  // Stable: within a turn, oldest first.
  return turns
    .sort((a, b) => a.turn - b.turn)
    .slice(0, limit)
    .map((job) => job.id);
}

/** Claims the job of one subject if it is due (a manual retry runs it at once). */
export async function claimJobOf(db: Kysely<DB>, subjectId: string, now: number, leaseMs: number): Promise<ClaimedJob | undefined> {
  const [job] = await claimWhere(db, now, leaseMs, (q) => q.where('subject_id', '=', subjectId).where('run_at', '<=', toIso(now)));
  return job;
}

async function claimWhere(
  db: Kysely<DB>,
  now: number,
  leaseMs: number,
  where: (query: ClaimQuery) => ClaimQuery,
): Promise<ClaimedJob[]> {
  const leaseUntil = toIso(now + leaseMs);
  const rows = await where(claimUpdate(db, leaseUntil)).returning(['id', 'kind', 'subject_id']).execute();
  return rows.map((row) => ({ id: row.id, kind: row.kind, subjectId: row.subject_id, leaseUntil }));
}

/** Whether a runner holds the job of this subject right now (claimed, lease not yet lapsed). */
export async function isJobLeased(db: Kysely<DB>, subjectId: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('jobs')
    .select('id')
    .where('subject_id', '=', subjectId)
    .where('lease_until', 'is not', null)
    .where('lease_until', '>', toIso(now))
    .executeTakeFirst();
  return row !== undefined;
}

type ClaimQuery = ReturnType<typeof claimUpdate>;

function claimUpdate(db: Kysely<DB>, leaseUntil: string) {
  return db.updateTable('jobs').set({ run_at: leaseUntil, lease_until: leaseUntil });
}

/** Removes a finished job; false when its lease was lost (another worker took it over). */
export async function finishJob(db: Kysely<DB>, job: ClaimedJob): Promise<boolean> {
  const result = await db.deleteFrom('jobs').where('id', '=', job.id).where('lease_until', '=', job.leaseUntil).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Extends the lease of a job still held (a long job, in the transaction of each piece of work it
 * commits); false when the lease was lost. The caller sets `job.leaseUntil` to `leaseUntil` once
 * that transaction has committed.
 */
export async function extendLease(db: Kysely<DB>, job: ClaimedJob, leaseUntil: number): Promise<boolean> {
  const until = toIso(leaseUntil);
  const result = await db.updateTable('jobs').set({ run_at: until, lease_until: until }).where('id', '=', job.id).where('lease_until', '=', job.leaseUntil).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Releases a job to run again at `runAt`; false when its lease was lost. */
export async function rescheduleJob(db: Kysely<DB>, job: ClaimedJob, runAt: number): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ run_at: toIso(runAt), lease_until: null })
    .where('id', '=', job.id)
    .where('lease_until', '=', job.leaseUntil)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether any job of the kind is due: a cheap read before taking the write lock to claim. */
export async function hasDueJobs(db: Kysely<DB>, kind: JobKind, now: number): Promise<boolean> {
  const row = await db.selectFrom('jobs').select(sql<number>`1`.as('one')).where('kind', '=', kind).where('run_at', '<=', toIso(now)).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Jobs due now and not claimed, of every kind. */
export async function countDueJobs(db: Kysely<DB>, now: number): Promise<number> {
  return countRows(db.selectFrom('jobs').where('run_at', '<=', toIso(now)));
}
