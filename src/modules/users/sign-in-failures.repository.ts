import type { Kysely } from 'kysely';
import type { DB, SignInFailuresTable } from '../../db/types.js';

export async function insertSignInFailure(db: Kysely<DB>, row: SignInFailuresTable): Promise<void> {
  await db.insertInto('sign_in_failures').values(row).execute();
}

/** The times of the newest failures for an email after `since`, newest first, at most `limit`. */
export async function recentFailureTimes(db: Kysely<DB>, email: string, since: string, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('sign_in_failures').select('at').where('email', '=', email).where('at', '>', since).orderBy('at', 'desc').limit(limit).execute();
  return rows.map((row) => row.at);
}

export async function deleteSignInFailuresBefore(db: Kysely<DB>, before: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('at', '<=', before).execute();
}
