import type { Kysely } from 'kysely';
import type { DB, PlayerSessionsTable } from '../../db/types.js';

const columns = ['token_hash', 'workspace_id', 'course_id', 'student_id', 'mode', 'launch_id', 'expires_at', 'created_at'] as const;

export async function insertPlayerSession(db: Kysely<DB>, row: PlayerSessionsTable): Promise<void> {
  await db.insertInto('player_sessions').values(row).execute();
}

/**
 * The live session whose token hashes to `tokenHash`, or undefined (unknown or expired). Unscoped
 * by workspace on purpose: the token is what names the workspace, as an API key does.
 */
export async function findLivePlayerSession(db: Kysely<DB>, tokenHash: string, now: string): Promise<PlayerSessionsTable | undefined> {
  return db.selectFrom('player_sessions').select(columns).where('token_hash', '=', tokenHash).where('expires_at', '>', now).executeTakeFirst();
}

/** Drops sessions that ended before `before`; answers how many. */
export async function deleteExpiredPlayerSessions(db: Kysely<DB>, before: string): Promise<number> {
  const result = await db.deleteFrom('player_sessions').where('expires_at', '<=', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
