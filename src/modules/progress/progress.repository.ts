import { type Kysely, sql } from 'kysely';
import { lockForUpdate } from '../../db/dialect.js';
import type { DB, LessonProgressTable } from '../../db/types.js';

/**
 * Locks the student's enrollment in the course until the transaction ends (PostgreSQL), so a
 * student's activity in a course is recorded one write at a time: what a write read before
 * writing (the lesson's progress, the latest activity, earlier attempts) is still true when it
 * writes, and the enrollment is locked before the course's rollups, as every enrollment write does.
 */
export async function lockEnrollmentOf(db: Kysely<DB>, workspaceId: string, studentId: string, courseId: string): Promise<void> {
  const enrollment = db.selectFrom('enrollments').select('id').where('workspace_id', '=', workspaceId).where('student_id', '=', studentId).where('course_id', '=', courseId);
  await lockForUpdate(db, enrollment).execute();
}

/**
 * Records activity on a lesson in one statement: time adds up, `completed` never goes back to
 * `started`, the first completion time is kept. Concurrent reports for one lesson all count.
 */
export async function upsertProgress(db: Kysely<DB>, row: LessonProgressTable): Promise<LessonProgressTable> {
  await db
    .insertInto('lesson_progress')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['workspace_id', 'student_id', 'lesson_id']).doUpdateSet({
        time_spent_seconds: sql<number>`lesson_progress.time_spent_seconds + excluded.time_spent_seconds`,
        status: sql<'started' | 'completed'>`case when lesson_progress.status = 'completed' or excluded.status = 'completed' then 'completed' else 'started' end`,
        completed_at: sql<string | null>`coalesce(lesson_progress.completed_at, excluded.completed_at)`,
        last_activity_at: sql<string>`excluded.last_activity_at`,
      }),
    )
    .execute();
  return (await findProgress(db, row.workspace_id, row.student_id, row.lesson_id))!;
}

/**
 * The student's last activity in a course, kept on the enrollment for analytics (active students).
 * Any report changes the enrollment's progress, so it also moves its updated_at and version:
 * `updated_since` syncs and ETags see it (docs/api.md, Pagination).
 */
export async function touchEnrollmentActivity(db: Kysely<DB>, workspaceId: string, studentId: string, courseId: string, at: string): Promise<void> {
  await db
    .updateTable('enrollments')
    .set({ last_activity_at: at, updated_at: at, version: sql<number>`version + 1` })
    .where('workspace_id', '=', workspaceId)
    .where('student_id', '=', studentId)
    .where('course_id', '=', courseId)
    .execute();
}

export async function findProgress(db: Kysely<DB>, workspaceId: string, studentId: string, lessonId: string): Promise<LessonProgressTable | undefined> {
  return db
    .selectFrom('lesson_progress')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('student_id', '=', studentId)
    .where('lesson_id', '=', lessonId)
    .executeTakeFirst();
}

export async function progressOfStudent(db: Kysely<DB>, workspaceId: string, studentId: string, courseIds: string[]): Promise<LessonProgressTable[]> {
  if (courseIds.length === 0) return [];
  return db
    .selectFrom('lesson_progress')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('student_id', '=', studentId)
    .where('course_id', 'in', courseIds)
    .execute();
}

/** The lessons of courses in course order: module position, then lesson position. */
export async function lessonsInOrder(db: Kysely<DB>, workspaceId: string, courseIds: string[]) {
  if (courseIds.length === 0) return [];
  return db
    .selectFrom('lessons')
    .innerJoin('modules', 'modules.id', 'lessons.module_id')
    .select(['lessons.id', 'lessons.module_id', 'lessons.course_id'])
    .where('lessons.workspace_id', '=', workspaceId)
    .where('lessons.course_id', 'in', courseIds)
    .orderBy('lessons.course_id')
    .orderBy('modules.position')
    .orderBy('lessons.position')
    .execute();
}

/** Deletes everything recorded about a student's learning (erasure). */
export async function deleteActivityOfStudent(db: Kysely<DB>, workspaceId: string, studentId: string): Promise<void> {
  await db.deleteFrom('quiz_attempts').where('workspace_id', '=', workspaceId).where('student_id', '=', studentId).execute();
  await db.deleteFrom('lesson_progress').where('workspace_id', '=', workspaceId).where('student_id', '=', studentId).execute();
}
