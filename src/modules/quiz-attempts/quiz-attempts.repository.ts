import type { Kysely } from 'kysely';
import type { DB, QuizAttemptsTable } from '../../db/types.js';

export async function insertAttempt(db: Kysely<DB>, row: QuizAttemptsTable): Promise<void> {
  await db.insertInto('quiz_attempts').values(row).execute();
}
