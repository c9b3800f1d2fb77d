import { type Kysely, sql } from 'kysely';
import { jsonRows, jsonRowsOf } from '../../db/dialect.js';
import type { DB, EnrollmentStatus } from '../../db/types.js';
import type { PeriodSplit, RawRange } from './analytics-days.js';

/** Every analytics query. Timestamps compare as ISO text (one format everywhere). */

/** `from` inclusive, `to` exclusive; `from` absent means since the beginning. */
export interface Window {
  from: string | undefined;
  to: string;
}

// ---- one course: everything its figures read, in one statement ----

/** Whole UTC days [fromDay, toDay); `fromDay` absent: from the first. */
export interface DayRange {
  fromDay: string | undefined;
  toDay: string;
}

function inDays<Q extends { where(column: 'day', op: '<' | '>=', value: string): Q }>(query: Q, days: DayRange): Q {
  const before = query.where('day', '<', days.toDay);
  return days.fromDay === undefined ? before : before.where('day', '>=', days.fromDay);
}

/** The raw rows of one range of a period's edge days. */
export interface RawReads {
  /** Enrollments enrolled in the range: status, lessons completed (k), time to complete. */
  enrollments: { status: EnrollmentStatus; time_to_complete_ms: number | null; k: number }[];
  /** Students who started / completed each lesson in the range. */
  started: { lesson_id: string; n: number }[];
  completed: { lesson_id: string; n: number }[];
}

/** What the course figures read (docs/analytics.md), as of one moment. */
export interface CourseReads {
  found: boolean;
  /** Whether the rollups are live; when not, they are rebuilt and everything read again. */
  ready: boolean;
  /** The course's lessons, sorted in course order. */
  lessons: { id: string; module_id: string; title: string }[];
  /** Enrollments by day of enrolled_at and status: every day, or the period's whole days. */
  days: { day: string; active: number; completed: number; cancelled: number }[];
  /** Enrollments not cancelled by lessons completed (k). */
  progress: { k: number; n: number }[];
  /** Completed enrollments by bucket of time to complete. */
  completions: { bucket: number; n: number }[];
  /** Students who started / completed each lesson. */
  lessonCounts: { lesson_id: string; started: number; completed: number }[];
  /** The period's edge ranges, in the order of `period.raw`. */
  raw: RawReads[];
  /** Enrollments whose latest activity lies in each of `activity`. */
  lastActive: number[];
}

/**
 * Everything the course figures read, in one statement: one round trip on PostgreSQL instead of a
 * dozen (each costs more than its query there), and one consistent snapshot on either database.
 * Each result set comes back as a JSON array column. `period` undefined reads the whole-history
 * rollups; a period reads the day rollups of its whole days and the raw rows of its edges.
 * `activity`: periods ending now whose enrollments by latest activity to count (day rollups,
 * corrected on edge days by the index on last_activity_at).
 */
export async function readCourse(db: Kysely<DB>, workspaceId: string, courseId: string, period: PeriodSplit | undefined, activity: PeriodSplit[]): Promise<CourseReads> {
  const days = period?.days ?? undefined;
  const wholeHistory = period === undefined;
  const readsDays = wholeHistory || days !== undefined;
  const lessonsOfCourse = db.selectFrom('lessons').select('id').where('workspace_id', '=', workspaceId).where('course_id', '=', courseId);

  const enrollmentDays = db.selectFrom('course_enrollment_days').select(['day', 'active', 'completed', 'cancelled']).where('course_id', '=', courseId);
  const progress = days
    ? inDays(db.selectFrom('course_progress_days').select(['lessons_completed as k', (eb) => eb.fn.sum<number>('enrollments').as('n')]).where('course_id', '=', courseId), days).groupBy('lessons_completed')
    : db.selectFrom('course_progress_buckets').select(['lessons_completed as k', 'enrollments as n']).where('course_id', '=', courseId);
  const completions = days
    ? inDays(db.selectFrom('course_completion_days').select(['bucket', (eb) => eb.fn.sum<number>('enrollments').as('n')]).where('course_id', '=', courseId), days).groupBy('bucket')
    : db.selectFrom('course_completion_buckets').select(['bucket', 'enrollments as n']).where('course_id', '=', courseId);
  const lessonCounts = days
    ? inDays(
        db
          .selectFrom('lesson_days')
          .select((eb) => ['lesson_id', eb.fn.sum<number>('started').as('started'), eb.fn.sum<number>('completed').as('completed')])
          .where('lesson_id', 'in', lessonsOfCourse),
        days,
      ).groupBy('lesson_id')
    : db.selectFrom('lesson_rollups').select(['lesson_id', 'started', 'completed']).where('lesson_id', 'in', lessonsOfCourse);

  const raw = (range: RawRange) => {
    const enrolled = db
      .selectFrom('enrollments')
      .where('workspace_id', '=', workspaceId)
      .where('course_id', '=', courseId)
      .where('enrolled_at', '>=', range.from)
      .where('enrolled_at', '<', range.to)
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
      ]);
    // Students who started (started_at) / completed (completed_at) each lesson in the range: an index each.
    const count = (column: 'started_at' | 'completed_at') =>
      db
        .selectFrom('lesson_progress')
        .select(['lesson_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('workspace_id', '=', workspaceId)
        .where('course_id', '=', courseId)
        .where(column, '>=', range.from)
        .where(column, '<', range.to)
        .groupBy('lesson_id');
    return [jsonRows(db, enrolled), jsonRows(db, count('started_at')), jsonRows(db, count('completed_at'))] as const;
  };
  const raws = (period?.raw ?? []).map(raw);

  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('courses').select(sql<number>`1`.as('found')).where('workspace_id', '=', workspaceId).where('id', '=', courseId).as('found'),
      eb.selectFrom('course_rollups').select('ready').where('course_id', '=', courseId).as('ready'),
      jsonRows(
        db,
        db
          .selectFrom('lessons')
          .innerJoin('modules', 'modules.id', 'lessons.module_id')
          .select(['lessons.id', 'lessons.module_id', 'lessons.title', 'modules.position as module_position', 'lessons.position'])
          .where('lessons.workspace_id', '=', workspaceId)
          .where('lessons.course_id', '=', courseId),
      ).as('lessons'),
      ...(readsDays
        ? [
            jsonRows(db, days ? inDays(enrollmentDays, days) : enrollmentDays).as('days'),
            jsonRows(db, progress).as('progress'),
            jsonRows(db, completions).as('completions'),
            jsonRows(db, lessonCounts).as('lesson_counts'),
          ]
        : []),
      ...raws.flatMap(([enrolled, started, completed], i) => [enrolled.as(`raw${i}_enrollments`), started.as(`raw${i}_started`), completed.as(`raw${i}_completed`)]),
      ...activity.map((p, i) => lastActiveIn(workspaceId, courseId, p).as(`active${i}`)),
    ])
    .executeTakeFirstOrThrow();
  const columns = row as Record<string, unknown>;
  // A result set not asked for (no whole days in the period) is empty.
  const rows = <O>(name: string): O[] => (columns[name] === undefined ? [] : jsonRowsOf(columns[name] as O[] | string));
  const lessons = rows<{ id: string; module_id: string; title: string; module_position: number; position: number }>('lessons');
  lessons.sort((a, b) => Number(a.module_position) - Number(b.module_position) || Number(a.position) - Number(b.position));
  return {
    found: columns.found != null,
    ready: Number(columns.ready) === 1,
    lessons: lessons.map((l) => ({ id: l.id, module_id: l.module_id, title: l.title })),
    days: rows('days'),
    progress: rows('progress'),
    completions: rows('completions'),
    lessonCounts: rows('lesson_counts'),
    raw: raws.map((_, i) => ({ enrollments: rows(`raw${i}_enrollments`), started: rows(`raw${i}_started`), completed: rows(`raw${i}_completed`) })),
    lastActive: activity.map((_, i) => Number(columns[`active${i}`])),
  };
}

/**
 * Enrollments (any status) whose student's latest activity in the course lies in the period: the
 * whole days' sum of `course_activity_days`, corrected by range counts on the index of
 * `last_activity_at` for the edges.
 */
function lastActiveIn(workspaceId: string, courseId: string, period: PeriodSplit) {
  const days = (d: DayRange) =>
    sql`(select coalesce(sum(enrollments), 0) from course_activity_days where course_id = ${courseId} and day < ${d.toDay}${d.fromDay === undefined ? sql`` : sql` and day >= ${d.fromDay}`})`;
  const raw = (from: string, to: string) =>
    sql`(select count(*) from enrollments where workspace_id = ${workspaceId} and course_id = ${courseId} and last_activity_at >= ${from} and last_activity_at < ${to})`;
  return sql<number>`(${sql.join([period.days ? days(period.days) : sql`0`, ...period.raw.map((r) => sql`${sql.raw(r.sign === 1 ? '+' : '-')} ${raw(r.from, r.to)}`)], sql` `)})`;
}

// ---- whole history: rollups (quizzes) ----

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

// ---- the whole days of a period: day rollups (quizzes) ----

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
