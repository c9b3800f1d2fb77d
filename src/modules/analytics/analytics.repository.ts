import { type Kysely, sql } from 'kysely';
import type { DB, EnrollmentStatus } from '../../db/types.js';

/** Every analytics query. Timestamps compare as ISO text (one format everywhere). */

/** `from` inclusive, `to` exclusive; `from` absent means since the beginning. */
export interface Window {
  from: string | undefined;
  to: string;
}

export type StatusCounts = Record<EnrollmentStatus, number>;

function toStatusCounts(rows: { status: string; n: number | string | bigint }[]): StatusCounts {
  const counts: StatusCounts = { active: 0, completed: 0, cancelled: 0 };
  for (const row of rows) counts[row.status as EnrollmentStatus] = Number(row.n);
  return counts;
}

// ---- whole history: rollups ----

export async function rollupStatuses(db: Kysely<DB>, courseId: string): Promise<StatusCounts> {
  const row = await db.selectFrom('course_rollups').select(['active', 'completed', 'cancelled']).where('course_id', '=', courseId).executeTakeFirstOrThrow();
  return { active: Number(row.active), completed: Number(row.completed), cancelled: Number(row.cancelled) };
}

/** Enrollments not cancelled, by lessons completed: [k, n]. */
export async function rollupProgressBuckets(db: Kysely<DB>, courseId: string): Promise<{ k: number; n: number }[]> {
  const rows = await db.selectFrom('course_progress_buckets').select(['lessons_completed', 'enrollments']).where('course_id', '=', courseId).execute();
  return rows.map((r) => ({ k: Number(r.lessons_completed), n: Number(r.enrollments) }));
}

export async function rollupEnrollmentDays(db: Kysely<DB>, courseId: string): Promise<{ day: string; n: number }[]> {
  const rows = await db
    .selectFrom('course_enrollment_days')
    .select(['day', 'enrollments'])
    .where('course_id', '=', courseId)
    .where('enrollments', '>', 0)
    .orderBy('day')
    .execute();
  return rows.map((r) => ({ day: r.day, n: Number(r.enrollments) }));
}

export async function rollupLessons(db: Kysely<DB>, lessonIds: string[]) {
  if (lessonIds.length === 0) return [];
  return db
    .selectFrom('lesson_rollups')
    .select(['lesson_id', 'started', 'completed', 'attempts', 'attempt_students', 'passed', 'score_sum'])
    .where('lesson_id', 'in', lessonIds)
    .execute();
}

export async function rollupScoreCounts(db: Kysely<DB>, lessonIds: string[]) {
  if (lessonIds.length === 0) return [];
  return db.selectFrom('quiz_score_counts').select(['lesson_id', 'score', 'attempts']).where('lesson_id', 'in', lessonIds).execute();
}

export async function rollupQuestions(db: Kysely<DB>, lessonIds: string[]) {
  if (lessonIds.length === 0) return [];
  return db.selectFrom('quiz_question_rollups').select(['lesson_id', 'question_id', 'attempts', 'correct']).where('lesson_id', 'in', lessonIds).execute();
}

// ---- a window: raw rows through indexes ----

function enrolledIn(db: Kysely<DB>, workspaceId: string, courseId: string, window: Window) {
  let query = db.selectFrom('enrollments').where('workspace_id', '=', workspaceId).where('course_id', '=', courseId).where('enrolled_at', '<', window.to);
  if (window.from !== undefined) query = query.where('enrolled_at', '>=', window.from);
  return query;
}

export async function windowStatuses(db: Kysely<DB>, workspaceId: string, courseId: string, window: Window): Promise<StatusCounts> {
  const rows = await enrolledIn(db, workspaceId, courseId, window)
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  return toStatusCounts(rows);
}

export async function windowProgressBuckets(db: Kysely<DB>, workspaceId: string, courseId: string, window: Window): Promise<{ k: number; n: number }[]> {
  const rows = await enrolledIn(db, workspaceId, courseId, window)
    .where('status', '!=', 'cancelled')
    .select((eb) =>
      eb
        .selectFrom('lesson_progress')
        .select(eb.fn.countAll<number>().as('k'))
        .whereRef('lesson_progress.workspace_id', '=', 'enrollments.workspace_id')
        .whereRef('lesson_progress.student_id', '=', 'enrollments.student_id')
        .whereRef('lesson_progress.course_id', '=', 'enrollments.course_id')
        .where('lesson_progress.status', '=', 'completed')
        .as('k'),
    )
    .execute();
  const buckets = new Map<number, number>();
  for (const row of rows) buckets.set(Number(row.k), (buckets.get(Number(row.k)) ?? 0) + 1);
  return [...buckets].map(([k, n]) => ({ k, n }));
}

export async function windowEnrollmentDays(db: Kysely<DB>, workspaceId: string, courseId: string, window: Window): Promise<{ day: string; n: number }[]> {
  const day = sql<string>`substr(enrolled_at, 1, 10)`;
  const rows = await enrolledIn(db, workspaceId, courseId, window)
    .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(day)
    .orderBy(day)
    .execute();
  return rows.map((r) => ({ day: r.day, n: Number(r.n) }));
}

/** Students who started (`started_at`) and completed (`completed_at`) each lesson within the window. */
export async function windowLessonCounts(db: Kysely<DB>, workspaceId: string, courseId: string, window: Window) {
  const count = async (column: 'started_at' | 'completed_at') => {
    let query = db
      .selectFrom('lesson_progress')
      .select(['lesson_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('workspace_id', '=', workspaceId)
      .where('course_id', '=', courseId)
      .where(column, '<', window.to);
    if (window.from !== undefined) query = query.where(column, '>=', window.from);
    const rows = await query.groupBy('lesson_id').execute();
    return new Map(rows.map((r) => [r.lesson_id, Number(r.n)]));
  };
  return { started: await count('started_at'), completed: await count('completed_at') };
}

/**
 * The median time to complete (ms) of completed enrollments, enrolled within the window when one
 * is given: the middle row(s) read in index order (count, then OFFSET), the same on both databases.
 */
export async function medianTimeToCompleteMs(db: Kysely<DB>, workspaceId: string, courseId: string, window: Window | undefined): Promise<number | null> {
  const base = () => {
    let query = db
      .selectFrom('enrollments')
      .where('workspace_id', '=', workspaceId)
      .where('course_id', '=', courseId)
      .where('status', '=', 'completed')
      .where('time_to_complete_ms', 'is not', null);
    if (window) {
      query = query.where('enrolled_at', '<', window.to);
      if (window.from !== undefined) query = query.where('enrolled_at', '>=', window.from);
    }
    return query;
  };
  const { n } = await base().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const count = Number(n);
  if (count === 0) return null;
  const middle = await base()
    .select('time_to_complete_ms')
    .orderBy('time_to_complete_ms')
    .limit(count % 2 === 1 ? 1 : 2)
    .offset(Math.floor((count - 1) / 2))
    .execute();
  const values = middle.map((r) => Number(r.time_to_complete_ms));
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/** Enrollments (any status) whose student was active in the course in [since, before). */
export async function activeStudents(db: Kysely<DB>, workspaceId: string, courseId: string, since: string, before: string): Promise<number> {
  const row = await db
    .selectFrom('enrollments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .where('course_id', '=', courseId)
    .where('last_activity_at', '>=', since)
    .where('last_activity_at', '<', before)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Students with any recorded activity in the course in [since, before): a lesson started,
 * completed or last worked on, or a quiz attempt. For a period in the past, where an enrollment's
 * latest activity may lie after it.
 */
export async function activeStudentsAt(db: Kysely<DB>, workspaceId: string, courseId: string, since: string, before: string): Promise<number> {
  const within = (column: string) => sql<boolean>`(${sql.ref(column)} >= ${since} and ${sql.ref(column)} < ${before})`;
  const result = await sql<{ n: number | string }>`select count(*) as n from (
      select student_id from lesson_progress where workspace_id = ${workspaceId} and course_id = ${courseId}
        and (${within('started_at')} or ${within('completed_at')} or ${within('last_activity_at')})
      union
      select student_id from quiz_attempts where workspace_id = ${workspaceId} and course_id = ${courseId} and ${within('created_at')}
    ) active`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/** The course's lessons in course order (module position, then lesson position). */
export async function lessonsOfCourses(db: Kysely<DB>, workspaceId: string, filters: { courseId?: string | undefined; lessonId?: string | undefined; quizOnly?: boolean }) {
  let query = db
    .selectFrom('lessons')
    .innerJoin('modules', 'modules.id', 'lessons.module_id')
    .select(['lessons.id', 'lessons.course_id', 'lessons.module_id', 'lessons.title', 'lessons.type', 'lessons.quiz'])
    .where('lessons.workspace_id', '=', workspaceId);
  if (filters.courseId !== undefined) query = query.where('lessons.course_id', '=', filters.courseId);
  if (filters.lessonId !== undefined) query = query.where('lessons.id', '=', filters.lessonId);
  if (filters.quizOnly) query = query.where('lessons.type', '=', 'quiz');
  return query.orderBy('lessons.course_id').orderBy('modules.position').orderBy('lessons.position').execute();
}

// ---- quiz attempts in a window, or of one student ----

export async function attemptsOf(db: Kysely<DB>, workspaceId: string, lessonIds: string[], studentId: string | undefined, window: Window) {
  if (lessonIds.length === 0) return [];
  let query = db
    .selectFrom('quiz_attempts')
    .select(['lesson_id', 'student_id', 'score', 'passed', 'results'])
    .where('workspace_id', '=', workspaceId)
    .where('lesson_id', 'in', lessonIds)
    .where('created_at', '<', window.to);
  if (window.from !== undefined) query = query.where('created_at', '>=', window.from);
  if (studentId !== undefined) query = query.where('student_id', '=', studentId);
  return query.execute();
}

// ---- one student ----

export async function studentActivity(db: Kysely<DB>, workspaceId: string, studentId: string, window: Window) {
  let query = db
    .selectFrom('lesson_progress')
    .select((eb) => [eb.fn.sum<number>('time_spent_seconds').as('time'), eb.fn.max('last_activity_at').as('last')])
    .where('workspace_id', '=', workspaceId)
    .where('student_id', '=', studentId)
    .where('last_activity_at', '<', window.to);
  if (window.from !== undefined) query = query.where('last_activity_at', '>=', window.from);
  const row = await query.executeTakeFirstOrThrow();
  return { timeSpentSeconds: Number(row.time ?? 0), lastActiveAt: (row.last as string | null) ?? null };
}

export async function studentQuizScores(db: Kysely<DB>, workspaceId: string, studentId: string, window: Window) {
  let query = db
    .selectFrom('quiz_attempts')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('score').as('total')])
    .where('workspace_id', '=', workspaceId)
    .where('student_id', '=', studentId)
    .where('created_at', '<', window.to);
  if (window.from !== undefined) query = query.where('created_at', '>=', window.from);
  const row = await query.executeTakeFirstOrThrow();
  return { attempts: Number(row.n), scoreSum: Number(row.total ?? 0) };
}
