import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import type { JobKind } from '../db/types.js';
import type { Clock } from '../shared/clock.js';
import { type ClaimedJob, claimDueJobs, hasDueJobs, type JobGroups } from './queue.js';
import { subscribeToJobs } from './wakeup.js';

/**
 * One kind of job: how many may run at once in this process, how long a claim lasts, how its jobs
 * share the runners (groups claimed in turn, each up to a cap), and the work.
 */
export interface JobHandler {
  kind: JobKind;
  concurrency: number;
  leaseMs: number;
  groups?: JobGroups;
  run(job: ClaimedJob): Promise<void>;
}

export interface JobRunnerOptions {
  database: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  /** How often to look for due jobs when nothing announced any (retries coming due, other processes). */
  pollMs: number;
  handlers: JobHandler[];
}

/**
 * The one runner of background jobs in a process: claims due jobs of every kind from the shared
 * queue up to each kind's concurrency, runs them, and looks again when one finishes, when new jobs
 * are announced, and every pollMs. Any number of processes can run one against the same database.
 */
export class JobRunner {
  private readonly running = new Map<JobKind, Set<Promise<void>>>();
  private timer: NodeJS.Timeout | undefined;
  private passing = false;
  private passAgain = false;
  private stopped = true;
  private unsubscribe: (() => Promise<void>) | undefined;
  /** Called when the pass under way ends (drain waits for a whole pass this way). */
  private afterPass: (() => void)[] = [];
  /** Counts claims and ends of jobs: a drain that saw none while it looked for due jobs may stop. */
  private changes = 0;

  constructor(private readonly options: JobRunnerOptions) {
    for (const handler of options.handlers) this.running.set(handler.kind, new Set());
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.unsubscribe = await subscribeToJobs(this.options.database, () => this.wake());
    this.wake();
  }

  /** Looks for due jobs now (or right after the pass under way). */
  wake(): void {
    if (this.stopped) return;
    if (this.passing) {
      this.passAgain = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.pass(), 0);
  }

  /** Stops claiming and waits for the jobs under way to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    for (const resolve of this.afterPass.splice(0)) resolve();
    await this.unsubscribe?.();
    await Promise.allSettled(this.inFlight());
  }

  /** How many jobs this process is running now. */
  runningCount(): number {
    return this.inFlight().length;
  }

  /**
   * Runs passes, and waits for the jobs they start, until no job of this runner's kinds is due and
   * none is running in this process; jobs that other processes hold are theirs. A job that finishes
   * may make others due (a failing endpoint disabled records an event to deliver): they run too.
   * Retries scheduled for later are not due until the clock says so. Due jobs a group's cap holds
   * back while other processes run that group's jobs are looked for again at each poll. Tests drain
   * instead of waiting a while to see that nothing more happens.
   */
  async drain(): Promise<void> {
    let changesAtLastPass = -1;
    for (;;) {
      if (this.stopped) throw new Error('The job runner is not running: nothing would run the jobs a drain waits for');
      const running = this.inFlight();
      if (running.length > 0) {
        await Promise.allSettled(running);
        continue;
      }
      if (!this.passing) {
        const changes = this.changes;
        const due = await this.anyDue();
        // Nothing due, and no pass claimed or finished a job while we looked.
        if (!due && !this.passing && this.changes === changes && this.inFlight().length === 0) return;
      }
      // Due jobs that a pass left unclaimed, with none running here, wait for a group whose cap
      // other processes' leases fill: look again at the next poll instead of at once.
      const stalled = this.changes === changesAtLastPass;
      changesAtLastPass = this.changes;
      await new Promise<void>((resolve) => {
        this.afterPass.push(resolve);
        if (!stalled) this.wake();
      });
    }
  }

  private async pass(): Promise<void> {
    this.passing = true;
    try {
      do {
        this.passAgain = false;
        for (const handler of this.options.handlers) await this.claimFor(handler);
      } while (this.passAgain && !this.stopped);
    } catch (err) {
      // The database being away (a restart, a failover) is not a bug: one line per poll, no stack.
      if (isDatabaseUnavailable(err)) this.options.log.warn({ reason: (err as Error).message }, 'job runner could not claim jobs: database unavailable');
      else this.options.log.error({ err }, 'job runner could not claim jobs');
    } finally {
      this.passing = false;
      if (!this.stopped) this.timer = setTimeout(() => void this.pass(), this.options.pollMs);
      for (const resolve of this.afterPass.splice(0)) resolve();
    }
  }

  private inFlight(): Promise<void>[] {
    return [...this.running.values()].flatMap((set) => [...set]);
  }

  private async anyDue(): Promise<boolean> {
    const now = this.options.clock.now();
    for (const handler of this.options.handlers) {
      if (await hasDueJobs(this.options.database, handler.kind, now)) return true;
    }
    return false;
  }

  private async claimFor(handler: JobHandler): Promise<void> {
    const running = this.running.get(handler.kind)!;
    const free = handler.concurrency - running.size;
    if (free <= 0 || this.stopped) return;
    const db = this.options.database;
    const now = this.options.clock.now();
    // A read first: claiming writes, and on SQLite a write takes the database's one write lock.
    if (!(await hasDueJobs(db, handler.kind, now))) return;
    for (const job of await claimDueJobs(db, handler.kind, now, handler.leaseMs, free, handler.groups)) {
      this.changes++;
      const run: Promise<void> = handler
        .run(job)
        .catch((err: unknown) => this.options.log.error({ err, jobId: job.id, kind: job.kind }, 'job failed; it runs again when its lease ends'))
        .finally(() => {
          running.delete(run);
          this.changes++;
          this.wake();
        });
      running.add(run);
    }
  }
}
