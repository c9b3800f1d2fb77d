import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';
import type { PeriodSplit } from './analytics-days.js';

/** Every analytics query. Timestamps compare as ISO text (one format everywhere). */

/** `from` inclusive, `to` exclusive; `from` absent means since the beginning. */
export interface Window {
  from: string | undefined;
  to: string;
}

// ---- whole history: rollups ----

/** Enrollments not cancelled, by lessons completed: [k, n]. */
export async function rollupProgressBuckets(db: Kysely<DB>, courseId: string): Promise<{ k: number; n: number }[]> {
  const rows = await db.selectFrom('course_progress_buckets').select(['lessons_completed', 'enrollments']).where('course_id', '=', courseId).execute();
  return rows.map((r) => ({ k: Number(r.lessons_completed), n: Number(r.enrollments) }));
}

/** Completed enrollments by bucket of time to complete. */
export async function rollupCompletionBuckets(db: Kysely<DB>, courseId: string): Promise<{ bucket: number; n: number }[]> {
  const rows = await db.selectFrom('course_completion_buckets').select(['bucket', 'enrollments']).where('course_id', '=', courseId).execute();
  return rows.map((r) => ({ bucket: Number(r.bucket), n: Number(r.enrollments) }));
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

// ---- the whole days of a period: day rollups ----

/** Whole UTC days [fromDay, toDay); `fromDay` absent: from the first. */
export interface DayRange {
  fromDay: string | undefined;
  toDay: string;
}

function inDays<Q extends { where(column: 'day', op: '<' | '>=', value: string): Q }>(query: Q, days: DayRange): Q {
  const before = query.where('day', '<', days.toDay);
  return days.fromDay === undefined ? before : before.where('day', '>=', days.fromDay);
}

/** Enrollments by day of enrolled_at and status, on those days or (`days` absent) on every day: the whole history. */
export async function dayEnrollments(db: Kysely<DB>, courseId: string, days: DayRange | undefined) {
  const query = db.selectFrom('course_enrollment_days').select(['day', 'active', 'completed', 'cancelled']).where('course_id', '=', courseId);
  const rows = await (days === undefined ? query : inDays(query, days)).execute();
  return rows.map((r) => ({ day: r.day, active: Number(r.active), completed: Number(r.completed), cancelled: Number(r.cancelled) }));
}

/** Enrollments not cancelled, by lessons completed: [k, n]. */
export async function dayProgressBuckets(db: Kysely<DB>, courseId: string, days: DayRange): Promise<{ k: number; n: number }[]> {
  const rows = await inDays(
    db
      .selectFrom('course_progress_days')
      .select(['lessons_completed', (eb) => eb.fn.sum<number>('enrollments').as('n')])
      .where('course_id', '=', courseId),
    days,
  )
    .groupBy('lessons_completed')
    .execute();
  return rows.map((r) => ({ k: Number(r.lessons_completed), n: Number(r.n) }));
}

export async function dayCompletionBuckets(db: Kysely<DB>, courseId: string, days: DayRange): Promise<{ bucket: number; n: number }[]> {
  const rows = await inDays(
    db
      .selectFrom('course_completion_days')
      .select(['bucket', (eb) => eb.fn.sum<number>('enrollments').as('n')])
      .where('course_id', '=', courseId),
    days,
  )
    .groupBy('bucket')
    .execute();
  return rows.map((r) => ({ bucket: Number(r.bucket), n: Number(r.n) }));
}

/** Per lesson: students who started / completed it, quiz attempts, passes, score sum. */
export async function dayLessons(db: Kysely<DB>, lessonIds: string[], days: DayRange) {
  if (lessonIds.length === 0) return [];
  const rows = await inDays(
    db
      .selectFrom('lesson_days')
      .select((eb) => [
        'lesson_id',
        eb.fn.sum<number>('started').as('started'),
        eb.fn.sum<number>('completed').as('completed'),
        eb.fn.sum<number>('attempts').as('attempts'),
        eb.fn.sum<number>('passed').as('passed'),
        eb.fn.sum<number>('score_sum').as('score_sum'),
      ])
      .where('lesson_id', 'in', lessonIds),
    days,
  )
    .groupBy('lesson_id')
    .execute();
  return rows.map((r) => ({
    lesson_id: r.lesson_id,
    started: Number(r.started),
    completed: Number(r.completed),
    attempts: Number(r.attempts),
    passed: Number(r.passed),
    score_sum: Number(r.score_sum),
  }));
}

export async function dayScoreCounts(db: Kysely<DB>, lessonIds: string[], days: DayRange) {
  if (lessonIds.length === 0) return [];
  const rows = await inDays(
    db
      .selectFrom('quiz_score_days')
      .select(['lesson_id', 'score', (eb) => eb.fn.sum<number>('attempts').as('attempts')])
      .where('lesson_id', 'in', lessonIds),
    days,
  )
    .groupBy(['lesson_id', 'score'])
    .execute();
  return rows.map((r) => ({ lesson_id: r.lesson_id, score: Number(r.score), attempts: Number(r.attempts) }));
}

export async function dayQuestions(db: Kysely<DB>, lessonIds: string[], days: DayRange) {
  if (lessonIds.length === 0) return [];
  const rows = await inDays(
    db
      .selectFrom('quiz_question_days')
      .select((eb) => ['lesson_id', 'question_id', eb.fn.sum<number>('attempts').as('attempts'), eb.fn.sum<number>('correct').as('correct')])
      .where('lesson_id', 'in', lessonIds),
    days,
  )
    .groupBy(['lesson_id', 'question_id'])
    .execute();
  return rows.map((r) => ({ lesson_id: r.lesson_id, question_id: r.question_id, attempts: Number(r.attempts), correct: Number(r.correct) }));
}

// ---- raw rows of a window (a period's partial edge days) ----

function enrolledIn(db: Kysely<DB>, workspaceId: string, courseId: string, window: Window) {
  let query = db.selectFrom('enrollments').where('workspace_id', '=', workspaceId).where('course_id', '=', courseId).where('enrolled_at', '<', window.to);
  if (window.from !== undefined) query = query.where('enrolled_at', '>=', window.from);
  return query;
}

/** Enrollments enrolled in the window: the status, lessons completed and time to complete of each. */
export async function windowEnrollments(db: Kysely<DB>, workspaceId: string, courseId: string, window: Window) {
  const rows = await enrolledIn(db, workspaceId, courseId, window)
    .select((eb) => [
      'status',
      'time_to_complete_ms',
      eb
        .selectFrom('lesson_progress')
        .select(eb.fn.countAll<number>().as('k'))
        .whereRef('lesson_progress.workspace_id', '=', 'enrollments.workspace_id')
        .whereRef('lesson_progress.student_id', '=', 'enrollments.student_id')
        .whereRef('lesson_progress.course_id', '=', 'enrollments.course_id')
        .where('lesson_progress.status', '=', 'completed')
        .as('k'),
    ])
    .execute();
  return rows.map((r) => ({ status: r.status, k: Number(r.k), timeToCompleteMs: r.time_to_complete_ms == null ? null : Number(r.time_to_complete_ms) }));
}

/** Students who started (`started_at`) and completed (`completed_at`) each lesson within the window: one statement, an index each. */
export async function windowLessonCounts(db: Kysely<DB>, workspaceId: string, courseId: string, window: Window) {
  const count = (column: 'started_at' | 'completed_at') => {
    let query = db
      .selectFrom('lesson_progress')
      .select([sql.lit(column).as('kind'), 'lesson_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('workspace_id', '=', workspaceId)
      .where('course_id', '=', courseId)
      .where(column, '<', window.to);
    if (window.from !== undefined) query = query.where(column, '>=', window.from);
    return query.groupBy('lesson_id');
  };
  const rows = await count('started_at').unionAll(count('completed_at')).execute();
  const of = (kind: string) => new Map(rows.filter((r) => r.kind === kind).map((r) => [r.lesson_id, Number(r.n)]));
  return { started: of('started_at'), completed: of('completed_at') };
}

/**
 * Times to complete (ms) in [lowMs, highMs) of completed enrollments (enrolled in the window when one
 * is given), in order from `offset`: the index (course, status, time, enrolled_at) read in order.
 */
export async function completionTimesBetween(
  db: Kysely<DB>,
  workspaceId: string,
  courseId: string,
  window: Window | undefined,
  range: { lowMs: number; highMs: number; offset: number; limit: number },
): Promise<number[]> {
  let query = db
    .selectFrom('enrollments')
    .select('time_to_complete_ms')
    .where('workspace_id', '=', workspaceId)
    .where('course_id', '=', courseId)
    .where('status', '=', 'completed')
    .where('time_to_complete_ms', '>=', range.lowMs)
    .where('time_to_complete_ms', '<', range.highMs);
  if (window) {
    query = query.where('enrolled_at', '<', window.to);
    if (window.from !== undefined) query = query.where('enrolled_at', '>=', window.from);
  }
  const rows = await query.orderBy('time_to_complete_ms').limit(range.limit).offset(range.offset).execute();
  return rows.map((r) => Number(r.time_to_complete_ms));
}

/** Distinct students among each quiz's attempts in the window (a count that days cannot add up). */
export async function quizStudents(db: Kysely<DB>, workspaceId: string, lessonIds: string[], window: Window): Promise<Map<string, number>> {
  if (lessonIds.length === 0) return new Map();
  let query = db
    .selectFrom('quiz_attempts')
    .select(['lesson_id', (eb) => eb.fn.count<number>('student_id').distinct().as('n')])
    .where('workspace_id', '=', workspaceId)
    .where('lesson_id', 'in', lessonIds)
    .where('created_at', '<', window.to);
  if (window.from !== undefined) query = query.where('created_at', '>=', window.from);
  const rows = await query.groupBy('lesson_id').execute();
  return new Map(rows.map((r) => [r.lesson_id, Number(r.n)]));
}

/**
 * Per period: enrollments (any status) whose student's latest activity in the course is in it —
 * the whole days' sum of `course_activity_days`, corrected by range counts on the index of
 * `last_activity_at` for the edges — all in one statement.
 */
export async function lastActiveIn(db: Kysely<DB>, workspaceId: string, courseId: string, periods: PeriodSplit[]): Promise<number[]> {
  const days = (d: DayRange) =>
    sql`(select coalesce(sum(enrollments), 0) from course_activity_days where course_id = ${courseId} and day < ${d.toDay}${d.fromDay === undefined ? sql`` : sql` and day >= ${d.fromDay}`})`;
  const raw = (from: string, to: string) =>
    sql`(select count(*) from enrollments where workspace_id = ${workspaceId} and course_id = ${courseId} and last_activity_at >= ${from} and last_activity_at < ${to})`;
  const count = (p: PeriodSplit) => sql.join([p.days ? days(p.days) : sql`0`, ...p.raw.map((r) => sql`${sql.raw(r.sign === 1 ? '+' : '-')} ${raw(r.from, r.to)}`)], sql` `);
  const result = await sql<Record<string, number | string>>`select ${sql.join(periods.map((p, i) => sql`${count(p)} as ${sql.ref(`n${i}`)}`))}`.execute(db);
  const row = result.rows[0]!;
  return periods.map((_, i) => Number(row[`n${i}`]));
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
