import { type Kysely, sql } from 'kysely';
import type { DB } from './types.js';

/**
 * Runs `work` inside a savepoint of the caller's transaction: if it throws, only its writes are
 * undone and the error is rethrown; the transaction goes on. Same syntax on SQLite and PostgreSQL.
 */
export async function inSavepoint<T>(trx: Kysely<DB>, name: string, work: () => Promise<T>): Promise<T> {
  const id = sql.id(name);
  await sql`savepoint ${id}`.execute(trx);
  try {
    const result = await work();
    await sql`release savepoint ${id}`.execute(trx);
    return result;
  } catch (error) {
    await sql`rollback to savepoint ${id}`.execute(trx);
    await sql`release savepoint ${id}`.execute(trx);
    throw error;
  }
}
