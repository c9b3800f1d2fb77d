import type { Kysely } from 'kysely';
import type { DB, QuizAttemptsTable } from '../../db/types.js';

/** Whether the student attempted this quiz before (unique students of a quiz are counted from it). */
export async function hasAttempted(db: Kysely<DB>, workspaceId: string, lessonId: string, studentId: string): Promise<boolean> {
  const row = await db
    .selectFrom('quiz_attempts')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('lesson_id', '=', lessonId)
    .where('student_id', '=', studentId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertAttempt(db: Kysely<DB>, row: QuizAttemptsTable): Promise<void> {
  await db.insertInto('quiz_attempts').values(row).execute();
}
