import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import type { JobKind } from '../db/types.js';
import type { Clock } from '../shared/clock.js';
import { type ClaimedJob, claimDueJobs, hasDueJobs } from './queue.js';
import { subscribeToJobs } from './wakeup.js';

/** One kind of job: how many may run at once in this process, how long a claim lasts, and the work. */
export interface JobHandler {
  kind: JobKind;
  concurrency: number;
  leaseMs: number;
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
    await this.unsubscribe?.();
    await Promise.allSettled([...this.running.values()].flatMap((set) => [...set]));
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
    }
  }

  private async claimFor(handler: JobHandler): Promise<void> {
    const running = this.running.get(handler.kind)!;
    const free = handler.concurrency - running.size;
    if (free <= 0 || this.stopped) return;
    const db = this.options.database;
    const now = this.options.clock.now();
    // A read first: claiming writes, and on SQLite a write takes the database's one write lock.
    if (!(await hasDueJobs(db, handler.kind, now))) return;
    for (const job of await claimDueJobs(db, handler.kind, now, handler.leaseMs, free)) {
      const run: Promise<void> = handler
        .run(job)
        .catch((err: unknown) => this.options.log.error({ err, jobId: job.id, kind: job.kind }, 'job failed; it runs again when its lease ends'))
        .finally(() => {
          running.delete(run);
          this.wake();
        });
      running.add(run);
    }
  }
}
