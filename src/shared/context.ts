import type { Database } from '../db/database.js';
import type { Clock } from './clock.js';

/** What every service function needs: the database and the clock. */
export interface ServiceContext {
  db: Database;
  clock: Clock;
}
