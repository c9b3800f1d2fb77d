import type { Kysely } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { DB } from '../db/types.js';
import type { Clock } from './clock.js';

/** What every service function needs: the database and the clock. */
export interface ServiceContext {
  db: Kysely<DB>;
  dialect: Dialect;
  clock: Clock;
}
