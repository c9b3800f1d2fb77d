import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database.js';
import { dialectOf } from '../db/dialect.js';
import type { DB } from '../db/types.js';
import { afterCommit } from '../db/unit-of-work.js';

/**
 * Tells job runners that new jobs are due, so a webhook leaves within milliseconds of its commit
 * instead of at the next poll. On PostgreSQL this is NOTIFY, which the server delivers to every
 * listening process only when the transaction commits. On SQLite the runners are in this process
 * and are woken once the change is committed: at once after a plain transaction (which holds the
 * one write connection, so a runner woken now claims after its commit), or when the unit of work
 * around it commits (a runner woken inside the unit would run its queries in it).
 */

const CHANNEL = 'lectern_jobs';
const localListeners = new Set<() => void>();

/** Call inside the transaction that enqueued the jobs. */
export async function announceJobs(db: Kysely<DB>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`select pg_notify(${CHANNEL}, '')`.execute(db);
  } else {
    afterCommit(() => {
      for (const listener of localListeners) listener();
    });
  }
}

/** Calls `listener` whenever jobs are announced; answers the function that stops it. */
export async function subscribeToJobs(database: Database, listener: () => void): Promise<() => Promise<void>> {
  if (database.listen) return database.listen(CHANNEL, listener);
  localListeners.add(listener);
  return async () => {
    localListeners.delete(listener);
  };
}
