import { type AliasedRawBuilder, type Kysely, sql } from 'kysely';
import { jsonRows, jsonRowsOf } from '../../db/dialect.js';
import { preparedShapes } from '../../db/prepared.js';
import { lessonsCompletedOf, lessonsTotalOf } from '../enrollments/enrollments.repository.js';
import type { DB, EnrollmentStatus } from '../../db/types.js';
import type { EdgeRange, PeriodSplit } from './analytics-days.js';

/** Every analytics query. Timestamps compare as ISO text (one format everywhere). */

/** `from` inclusive, `to` exclusive; `from` absent means since the beginning. */
export interface Window {
  from: string | undefined;
  to: string;
}

/** Bounds of enrolled_at; either may be open. */
export interface Bounds {
  from: string | undefined;
  to: string | undefined;
}

// ---- shared by the statements below ----

/** 1 when the row exists in the workspace, else null: a scalar subquery (404s are told apart by it). */
function existsIn(table: 'courses' | 'students', workspaceId: string, id: string) {
  return sql<number | null>`(select 1 from ${sql.table(table)} where workspace_id = ${workspaceId} and id = ${id})`;
}

/** A lesson with what orders it within the workspace's courses. */
interface PositionedLesson {
  id: string;
  course_id: string;
  module_id: string;
  title: string;
  module_position: number;
  position: number;
}

/** Lessons with their module's position; filter them, then sort the rows with `inCourseOrder` (JSON aggregation keeps no order). */
function lessonsWithPositions(db: Kysely<DB>) {
  return db
    .selectFrom('lessons')
    .innerJoin('modules', 'modules.id', 'lessons.module_id')
    .select(['lessons.id', 'lessons.course_id', 'lessons.module_id', 'lessons.title', 'modules.position as module_position', 'lessons.position']);
}

/** Course order: courses by id, then module position, then lesson position. */
function inCourseOrder(a: PositionedLesson, b: PositionedLesson): number {
  return (a.course_id < b.course_id ? -1 : a.course_id > b.course_id ? 1 : 0) || Number(a.module_position) - Number(b.module_position) || Number(a.position) - Number(b.position);
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

/** The rows of one range of a period's edge days. */
export interface EdgeReads {
  /** Enrollments enrolled in the range: status, lessons completed, time to complete. */
  enrollments: { status: EnrollmentStatus; time_to_complete_ms: number | null; lessons_completed: number }[];
  /** Students who started / completed each lesson in the range. */
  started: { lesson_id: string; students: number }[];
  completed: { lesson_id: string; students: number }[];
}

/** What the course figures read (docs/analytics.md), as of one moment. */
export interface CourseReads {
  found: boolean;
  /** Whether the rollups are live; when not, they are rebuilt and everything read again. */
  ready: boolean;
  /** The rollups' version, moved by every change to them (analytics-rollups.ts). */
  version: string;
  /** Whether the counts (`days` … `edges`) were read, or left out for counts remembered at `version` (analytics-cache.ts). */
  countsRead: boolean;
  /** The course's lessons, sorted in course order. */
  lessons: { id: string; module_id: string; title: string }[];
  /** Enrollments by day of enrolled_at and status: every day, or the period's whole days. */
  days: { day: string; active: number; completed: number; cancelled: number }[];
  /** Enrollments not cancelled by lessons completed. */
  progress: { lessons_completed: number; enrollments: number }[];
  /** Completed enrollments by bucket of time to complete. */
  completions: { bucket: number; enrollments: number }[];
  /** Students who started / completed each lesson. */
  lessonCounts: { lesson_id: string; started: number; completed: number }[];
  /** The rows of the period's edge ranges, in the order of `period.edges`. */
  edges: EdgeReads[];
  /** For each of `activity`: enrollments (one per student) whose latest activity in the course lies in it. */
  activeStudents: number[];
}

/**
 * Everything the course figures read, in one statement: one round trip on PostgreSQL instead of a
 * dozen (each costs more than its query there), and one consistent snapshot on either database.
 * Each result set comes back as a JSON array column. `period` undefined reads the whole-history
 * rollups; a period reads the day rollups of its whole days and the rows of its edge ranges.
 * `activity`: periods ending now whose enrollments by latest activity to count (day rollups,
 * corrected on edge days by the index on last_activity_at). `withCounts` false leaves the counts
 * out: the lessons, the active students and the version are read. Built and compiled once per shape
 * (building it costs more than running it on SQLite).
 */
export async function readCourse(
  db: Kysely<DB>,
  workspaceId: string,
  courseId: string,
  period: PeriodSplit | undefined,
  activity: PeriodSplit[],
  withCounts: boolean,
): Promise<CourseReads> {
  const input = { workspaceId, courseId, period: withCounts ? period : undefined, activity, withCounts };
  const columns = (await courseStatement.first(db, input))!;
  // A result set not asked for (no whole days in the period) is empty.
  const rows = <O>(name: string): O[] => (columns[name] === undefined ? [] : jsonRowsOf(columns[name] as O[] | string));
  const lessons = rows<PositionedLesson>('lessons').sort(inCourseOrder);
  return {
    found: columns.found != null,
    ready: Number(columns.ready) === 1,
    version: String(columns.version),
    countsRead: withCounts,
    lessons: lessons.map((l) => ({ id: l.id, module_id: l.module_id, title: l.title })),
    days: rows('days'),
    progress: rows('progress'),
    completions: rows('completions'),
    lessonCounts: rows('lesson_counts'),
    edges: (input.period?.edges ?? []).map((_, i) => ({ enrollments: rows(`edge${i}_enrollments`), started: rows(`edge${i}_started`), completed: rows(`edge${i}_completed`) })),
    activeStudents: activity.map((_, i) => Number(columns[`active_students${i}`])),
  };
}

interface CourseInput {
  workspaceId: string;
  courseId: string;
  period: PeriodSplit | undefined;
  activity: PeriodSplit[];
  withCounts: boolean;
}

/** What the SQL of a course read depends on: the shapes of its periods, and whether it reads the counts. */
interface CourseShape {
  period: PeriodShape | null;
  activity: PeriodShape[];
  withCounts: boolean;
}

const courseStatement = preparedShapes<CourseInput, CourseShape, Record<string, string>, Record<string, unknown>>({
  shapeOf: (input) => ({ period: input.period ? shapeOfPeriod(input.period) : null, activity: input.activity.map(shapeOfPeriod), withCounts: input.withCounts }),
  valuesOf: (input) => ({
    workspaceId: input.workspaceId,
    courseId: input.courseId,
    ...(input.period && periodValues('period_', input.period)),
    ...Object.fromEntries(input.activity.flatMap((activityPeriod, i) => Object.entries(periodValues(`activity${i}_`, activityPeriod)))),
  }),
  build: (db, shape, p) =>
    courseQuery(
      db,
      p('workspaceId'),
      p('courseId'),
      shape.period ? markedPeriod('period_', shape.period, p) : undefined,
      shape.activity.map((activityShape, i) => markedPeriod(`activity${i}_`, activityShape, p)),
      shape.withCounts,
    ),
});

/** What the SQL of a period depends on: whether it has whole days (from the first or not), and its edge ranges' signs. */
interface PeriodShape {
  days: 'none' | 'until' | 'between';
  signs: (1 | -1)[];
}

function shapeOfPeriod(period: PeriodSplit): PeriodShape {
  return { days: period.days === null ? 'none' : period.days.fromDay === undefined ? 'until' : 'between', signs: period.edges.map((range) => range.sign) };
}

/** A period's values as named parameters (see preparedShapes). */
function periodValues(prefix: string, period: PeriodSplit): Record<string, string> {
  const values: Record<string, string> = {};
  if (period.days) {
    if (period.days.fromDay !== undefined) values[`${prefix}from_day`] = period.days.fromDay;
    values[`${prefix}to_day`] = period.days.toDay;
  }
  period.edges.forEach((range, i) => {
    values[`${prefix}edge${i}_from`] = range.from;
    values[`${prefix}edge${i}_to`] = range.to;
  });
  return values;
}

/** A period of the given shape whose every value is a parameter. */
function markedPeriod(prefix: string, shape: PeriodShape, p: (name: string) => string): PeriodSplit {
  return {
    days: shape.days === 'none' ? null : { fromDay: shape.days === 'until' ? undefined : p(`${prefix}from_day`), toDay: p(`${prefix}to_day`) },
    edges: shape.signs.map((sign, i) => ({ from: p(`${prefix}edge${i}_from`), to: p(`${prefix}edge${i}_to`), sign })),
  };
}

function courseQuery(db: Kysely<DB>, workspaceId: string, courseId: string, period: PeriodSplit | undefined, activity: PeriodSplit[], withCounts: boolean) {
  const days = period?.days ?? undefined;
  // The whole history reads every day and the whole-history rollups; a period, its whole days if it has any.
  const readsDays = withCounts && (period === undefined || days !== undefined);
  const lessonsOfCourse = db.selectFrom('lessons').select('id').where('workspace_id', '=', workspaceId).where('course_id', '=', courseId);

  const enrollmentDays = db.selectFrom('course_enrollment_days').select(['day', 'active', 'completed', 'cancelled']).where('course_id', '=', courseId);
  const progress = days
    ? inDays(db.selectFrom('course_progress_days').select(['lessons_completed', (eb) => eb.fn.sum<number>('enrollments').as('enrollments')]).where('course_id', '=', courseId), days).groupBy('lessons_completed')
    : db.selectFrom('course_progress_buckets').select(['lessons_completed', 'enrollments']).where('course_id', '=', courseId);
  const completions = days
    ? inDays(db.selectFrom('course_completion_days').select(['bucket', (eb) => eb.fn.sum<number>('enrollments').as('enrollments')]).where('course_id', '=', courseId), days).groupBy('bucket')
    : db.selectFrom('course_completion_buckets').select(['bucket', 'enrollments']).where('course_id', '=', courseId);
  const lessonCounts = days
    ? inDays(
        db
          .selectFrom('lesson_days')
          .select((eb) => ['lesson_id', eb.fn.sum<number>('started').as('started'), eb.fn.sum<number>('completed').as('completed')])
          .where('course_id', '=', courseId)
          .where('lesson_id', 'in', lessonsOfCourse),
        days,
      ).groupBy('lesson_id')
    : db.selectFrom('lesson_rollups').select(['lesson_id', 'started', 'completed']).where('lesson_id', 'in', lessonsOfCourse);

  const edgeRows = (range: EdgeRange) => {
    const enrolled = db
      .selectFrom('enrollments')
      .where('workspace_id', '=', workspaceId)
      .where('course_id', '=', courseId)
      .where('enrolled_at', '>=', range.from)
      .where('enrolled_at', '<', range.to)
      .select((eb) => ['status', 'time_to_complete_ms', lessonsCompletedOf(eb).as('lessons_completed')]);
    // Students who started (started_at) / completed (completed_at) each lesson of the course in the
    // range: per lesson, a range of the index (lesson_id, started_at / completed_at).
    const studentsPerLesson = (column: 'started_at' | 'completed_at') =>
      db
        .selectFrom('lessons')
        .select((eb) => [
          'lessons.id as lesson_id',
          eb
            .selectFrom('lesson_progress')
            .select(eb.fn.countAll<number>().as('students'))
            .whereRef('lesson_progress.lesson_id', '=', 'lessons.id')
            .where(`lesson_progress.${column}`, '>=', range.from)
            .where(`lesson_progress.${column}`, '<', range.to)
            .as('students'),
        ])
        .where('lessons.workspace_id', '=', workspaceId)
        .where('lessons.course_id', '=', courseId);
    return [jsonRows(db, enrolled), jsonRows(db, studentsPerLesson('started_at')), jsonRows(db, studentsPerLesson('completed_at'))] as const;
  };

  return db.selectNoFrom((eb) => [
      existsIn('courses', workspaceId, courseId).as('found'),
      eb.selectFrom('course_rollups').select('ready').where('course_id', '=', courseId).as('ready'),
      eb.selectFrom('course_rollups').select('version').where('course_id', '=', courseId).as('version'),
      jsonRows(db, lessonsWithPositions(db).where('lessons.workspace_id', '=', workspaceId).where('lessons.course_id', '=', courseId)).as('lessons'),
      ...(readsDays
        ? [
            jsonRows(db, days ? inDays(enrollmentDays, days) : enrollmentDays).as('days'),
            jsonRows(db, progress).as('progress'),
            jsonRows(db, completions).as('completions'),
            jsonRows(db, lessonCounts).as('lesson_counts'),
          ]
        : []),
      ...(period?.edges ?? [])
        .map(edgeRows)
        .flatMap(([enrolled, started, completed], i) => [enrolled.as(`edge${i}_enrollments`), started.as(`edge${i}_started`), completed.as(`edge${i}_completed`)]),
      ...activity.map((activityPeriod, i) => lastActiveIn(workspaceId, courseId, activityPeriod).as(`active_students${i}`)),
    ]);
}

/**
 * Enrollments (any status) whose student's latest activity in the course lies in the period: the
 * whole days' sum of `course_activity_days`, corrected by range counts on the index of
 * `last_activity_at` for the edges.
 */
function lastActiveIn(workspaceId: string, courseId: string, period: PeriodSplit) {
  const inWholeDays = (days: DayRange) =>
    sql`(select coalesce(sum(enrollments), 0) from course_activity_days where course_id = ${courseId} and day < ${days.toDay}${days.fromDay === undefined ? sql`` : sql` and day >= ${days.fromDay}`})`;
  const inRange = (range: EdgeRange) =>
    sql`(select count(*) from enrollments where workspace_id = ${workspaceId} and course_id = ${courseId} and last_activity_at >= ${range.from} and last_activity_at < ${range.to})`;
  return sql<number>`(${sql.join([period.days ? inWholeDays(period.days) : sql`0`, ...period.edges.map((range) => sql`${sql.raw(range.sign === 1 ? '+' : '-')} ${inRange(range)}`)], sql` `)})`;
}

/**
 * Times to complete (ms) in [lowMs, highMs) of completed enrollments (enrolled within the bounds when given
 * is given), in order from `offset`: the index (course, status, time, enrolled_at) read in order.
 */
export async function completionTimesBetween(
  db: Kysely<DB>,
  workspaceId: string,
  courseId: string,
  window: Bounds | undefined,
  range: { lowMs: number; highMs: number; offset: number; limit: number },
): Promise<number[]> {
  const rows = await completionTimesStatement.execute(db, { workspaceId, courseId, from: window?.from, to: window?.to, ...range });
  return rows.map((r) => Number(r.time_to_complete_ms));
}

interface CompletionTimesInput {
  workspaceId: string;
  courseId: string;
  from: string | undefined;
  to: string | undefined;
  lowMs: number;
  highMs: number;
  offset: number;
  limit: number;
}

const completionTimesStatement = preparedShapes<
  CompletionTimesInput,
  { from: boolean; to: boolean },
  Record<string, string | number>,
  { time_to_complete_ms: number | null }
>({
  shapeOf: (input) => ({ from: input.from !== undefined, to: input.to !== undefined }),
  valuesOf: ({ from, to, ...values }) => ({ ...values, ...(from !== undefined && { from }), ...(to !== undefined && { to }) }),
  build: (db, shape, p) => {
    let query = db
      .selectFrom('enrollments')
      .select('time_to_complete_ms')
      .where('workspace_id', '=', p('workspaceId') as string)
      .where('course_id', '=', p('courseId') as string)
      .where('status', '=', 'completed')
      .where('time_to_complete_ms', '>=', p('lowMs') as number)
      .where('time_to_complete_ms', '<', p('highMs') as number);
    if (shape.to) query = query.where('enrolled_at', '<', p('to') as string);
    if (shape.from) query = query.where('enrolled_at', '>=', p('from') as string);
    return query
      .orderBy('time_to_complete_ms')
      .limit(p('limit') as number)
      .offset(p('offset') as number);
  },
});

/**
 * Students with any recorded activity in the course in [since, before): a lesson started,
 * completed or last worked on, or a quiz attempt. For a period in the past, where an enrollment's
 * latest activity may lie after it.
 */
export async function activeStudentsAt(db: Kysely<DB>, workspaceId: string, courseId: string, since: string, before: string): Promise<number> {
  const within = (column: string) => sql<boolean>`(${sql.ref(column)} >= ${since} and ${sql.ref(column)} < ${before})`;
  const result = await sql<{ students: number | string }>`select count(*) as students from (
      select student_id from lesson_progress where workspace_id = ${workspaceId} and course_id = ${courseId}
        and (${within('started_at')} or ${within('completed_at')} or ${within('last_activity_at')})
      union
      select student_id from quiz_attempts where workspace_id = ${workspaceId} and course_id = ${courseId} and ${within('created_at')}
    ) active`.execute(db);
  return Number(result.rows[0]?.students ?? 0);
}

// ---- quizzes ----

export interface QuizFilters {
  courseId: string | undefined;
  lessonId: string | undefined;
  studentId: string | undefined;
}

/** A quiz attempt as the tallies count it. */
export interface AttemptRow {
  lesson_id: string;
  score: number;
  passed: number | boolean;
  /** Per question graded: `{question_id, correct}[]`, as stored (JSON text). */
  results: string;
}

/** What the quiz results read (docs/analytics.md), as of one moment. */
export interface QuizReads {
  /** Whether the filters' course, student and lesson exist in the workspace (true when not given), and the lesson's type. */
  courseFound: boolean;
  studentFound: boolean;
  lessonType: string | null;
  /** The quiz lessons the filters select, in course order (course id, module position, lesson position). */
  quizzes: { id: string; course_id: string; title: string; quiz: string | null }[];
  /** Courses of those quizzes whose rollups are not live (rebuilt, then everything read again); never with a student. */
  staleCourses: string[];
  /** Never with a student: the rollups' versions of those courses and which quizzes they are, as one string (analytics-cache.ts). */
  version: string;
  /** Whether the counts (`attempts` … `students`) were read, or left out for counts remembered at `version`; always with a student. */
  countsRead: boolean;
  /** With a student: their attempts in the window. Otherwise: the attempts of the period's edge ranges, in the order of `period.edges`. */
  attempts: AttemptRow[][];
  /** Per quiz: attempts, passes, score sum, and (whole history) distinct students. */
  lessons: { lesson_id: string; attempts: number; passed: number; score_sum: number; attempt_students?: number }[];
  scores: { lesson_id: string; score: number; attempts: number }[];
  questions: { lesson_id: string; question_id: string; attempts: number; correct: number }[];
  /** A period's distinct students per quiz (a count that days cannot add up). */
  students: { lesson_id: string; students: number }[];
}

/**
 * Everything the quiz results read, in one statement (see `readCourse`): with a student, their
 * attempts in the window; otherwise the whole-history rollups (`period` undefined) or a period's
 * day rollups, the attempts of its edge ranges and its distinct students (attempted before `until`,
 * undefined: up to now). `withCounts` false leaves the counts out (not with a student).
 */
export async function readQuizzes(
  db: Kysely<DB>,
  workspaceId: string,
  filters: QuizFilters,
  window: Window & { until: string | undefined },
  period: PeriodSplit | undefined,
  withCounts: boolean,
): Promise<QuizReads> {
  const counts = withCounts || filters.studentId !== undefined;
  const row = (await quizStatement.first(db, { workspaceId, filters, window, period, withCounts: counts }))!;
  const rows = <O>(name: string): O[] => (row[name] === undefined ? [] : jsonRowsOf(row[name] as O[] | string));
  const sorted = rows<PositionedLesson & { quiz: string | null }>('quizzes').sort(inCourseOrder);
  const attemptSets = filters.studentId !== undefined ? 1 : counts ? (period?.edges.length ?? 0) : 0;
  const quizzes = sorted.map((q) => ({ id: q.id, course_id: q.course_id, title: q.title, quiz: q.quiz }));
  return {
    courseFound: row.course_found != null,
    studentFound: row.student_found != null,
    lessonType: (row.lesson_type as string | null) ?? null,
    quizzes,
    staleCourses: rows<{ course_id: string }>('stale').map((r) => r.course_id),
    version: JSON.stringify([
      rows<{ course_id: string; version: number }>('versions')
        .map((course) => [course.course_id, Number(course.version)])
        .sort(),
      quizzes.map((quiz) => quiz.id),
    ]),
    countsRead: counts,
    attempts: Array.from({ length: attemptSets }, (_, i) => rows<AttemptRow>(`attempts${i}`)),
    lessons: rows('lessons'),
    scores: rows('scores'),
    questions: rows('questions'),
    students: rows('students'),
  };
}

interface QuizInput {
  workspaceId: string;
  filters: QuizFilters;
  window: Window & { until: string | undefined };
  period: PeriodSplit | undefined;
  withCounts: boolean;
}

/** What the SQL of a quiz read depends on: which filters and bounds it has, its period's shape, whether it reads the counts. */
interface QuizShape {
  course: boolean;
  lesson: boolean;
  student: boolean;
  from: boolean;
  until: boolean;
  period: PeriodShape | null;
  withCounts: boolean;
}

const quizStatement = preparedShapes<QuizInput, QuizShape, Record<string, string>, Record<string, unknown>>({
  shapeOf: ({ filters, window, period, withCounts }) => ({
    course: filters.courseId !== undefined,
    lesson: filters.lessonId !== undefined,
    student: filters.studentId !== undefined,
    from: window.from !== undefined,
    until: window.until !== undefined,
    period: period ? shapeOfPeriod(period) : null,
    withCounts,
  }),
  valuesOf: ({ workspaceId, filters, window, period }) => ({
    workspaceId,
    ...(filters.courseId !== undefined && { courseId: filters.courseId }),
    ...(filters.lessonId !== undefined && { lessonId: filters.lessonId }),
    ...(filters.studentId !== undefined && { studentId: filters.studentId }),
    ...(window.from !== undefined && { from: window.from }),
    to: window.to,
    ...(window.until !== undefined && { until: window.until }),
    ...(period && periodValues('period_', period)),
  }),
  build: (db, shape, p) =>
    quizQuery(
      db,
      p('workspaceId'),
      {
        courseId: shape.course ? p('courseId') : undefined,
        lessonId: shape.lesson ? p('lessonId') : undefined,
        studentId: shape.student ? p('studentId') : undefined,
      },
      { from: shape.from ? p('from') : undefined, to: p('to'), until: shape.until ? p('until') : undefined },
      shape.period ? markedPeriod('period_', shape.period, p) : undefined,
      shape.withCounts,
    ),
});

function quizQuery(db: Kysely<DB>, workspaceId: string, filters: QuizFilters, window: Window & { until: string | undefined }, period: PeriodSplit | undefined, withCounts: boolean) {
  let quizIds = db.selectFrom('lessons').select('id').where('workspace_id', '=', workspaceId).where('type', '=', 'quiz');
  if (filters.courseId !== undefined) quizIds = quizIds.where('course_id', '=', filters.courseId);
  if (filters.lessonId !== undefined) quizIds = quizIds.where('id', '=', filters.lessonId);
  const attemptsIn = (range: { from: string | undefined; to: string }) => {
    let query = db
      .selectFrom('quiz_attempts')
      .select(['lesson_id', 'score', 'passed', 'results'])
      .where('workspace_id', '=', workspaceId)
      .where('lesson_id', 'in', quizIds)
      .where('created_at', '<', range.to);
    if (range.from !== undefined) query = query.where('created_at', '>=', range.from);
    return filters.studentId === undefined ? query : query.where('student_id', '=', filters.studentId);
  };
  const byStudent = filters.studentId !== undefined;
  const days = period?.days ?? undefined;
  const sets: AliasedRawBuilder<unknown, string>[] = [];
  if (byStudent) sets.push(jsonRows(db, attemptsIn(window)).as('attempts0'));
  else if (withCounts && period === undefined) {
    sets.push(
      jsonRows(db, db.selectFrom('lesson_rollups').select(['lesson_id', 'attempts', 'attempt_students', 'passed', 'score_sum']).where('lesson_id', 'in', quizIds)).as('lessons'),
      jsonRows(db, db.selectFrom('quiz_score_counts').select(['lesson_id', 'score', 'attempts']).where('lesson_id', 'in', quizIds)).as('scores'),
      jsonRows(db, db.selectFrom('quiz_question_rollups').select(['lesson_id', 'question_id', 'attempts', 'correct']).where('lesson_id', 'in', quizIds)).as('questions'),
    );
  } else if (withCounts && period !== undefined) {
    if (days) {
      const sum = (column: 'attempts' | 'passed' | 'score_sum' | 'correct') => sql<number>`sum(${sql.ref(column)})`.as(column);
      sets.push(
        jsonRows(db, inDays(db.selectFrom('lesson_days').select(['lesson_id', sum('attempts'), sum('passed'), sum('score_sum')]).where('lesson_id', 'in', quizIds), days).groupBy('lesson_id')).as('lessons'),
        jsonRows(db, inDays(db.selectFrom('quiz_score_days').select(['lesson_id', 'score', sum('attempts')]).where('lesson_id', 'in', quizIds), days).groupBy(['lesson_id', 'score'])).as('scores'),
        jsonRows(
          db,
          inDays(db.selectFrom('quiz_question_days').select(['lesson_id', 'question_id', sum('attempts'), sum('correct')]).where('lesson_id', 'in', quizIds), days).groupBy(['lesson_id', 'question_id']),
        ).as('questions'),
      );
    }
    period.edges.forEach((range, i) => sets.push(jsonRows(db, attemptsIn(range)).as(`attempts${i}`)));
    let students = db
      .selectFrom('quiz_attempts')
      .select(['lesson_id', (eb) => eb.fn.count<number>('student_id').distinct().as('students')])
      .where('workspace_id', '=', workspaceId)
      .where('lesson_id', 'in', quizIds);
    if (window.until !== undefined) students = students.where('created_at', '<', window.until);
    if (window.from !== undefined) students = students.where('created_at', '>=', window.from);
    sets.push(jsonRows(db, students.groupBy('lesson_id')).as('students'));
  }
  if (!byStudent) {
    const stale = db
      .selectFrom('lessons')
      .leftJoin('course_rollups', 'course_rollups.course_id', 'lessons.course_id')
      .select('lessons.course_id')
      .distinct()
      .where('lessons.id', 'in', quizIds)
      .where((eb) => eb.or([eb('course_rollups.ready', 'is', null), eb('course_rollups.ready', '!=', 1)]));
    sets.push(jsonRows(db, stale).as('stale'));
    const quizCourses = db.selectFrom('lessons').select('course_id').where('id', 'in', quizIds);
    sets.push(jsonRows(db, db.selectFrom('course_rollups').select(['course_id', 'version']).where('course_id', 'in', quizCourses)).as('versions'));
  }

  // A filter not given is found.
  const found = (table: 'courses' | 'students', id: string | undefined) => (id === undefined ? sql<number>`1` : existsIn(table, workspaceId, id));
  return db.selectNoFrom((eb) => [
    found('courses', filters.courseId).as('course_found'),
    found('students', filters.studentId).as('student_found'),
    filters.lessonId === undefined
      ? sql<string | null>`null`.as('lesson_type')
      : eb.selectFrom('lessons').select('type').where('workspace_id', '=', workspaceId).where('id', '=', filters.lessonId).as('lesson_type'),
    jsonRows(db, lessonsWithPositions(db).select('lessons.quiz').where('lessons.id', 'in', quizIds)).as('quizzes'),
    ...sets,
  ]);
}

// ---- one student ----

/** What the student figures read (docs/analytics.md), as of one moment. */
export interface StudentReads {
  found: boolean;
  /** Their enrollments, not cancelled, enrolled in the window: status and progress of each. */
  enrollments: { status: EnrollmentStatus; lessons_completed: number; lessons_total: number }[];
  timeSpentSeconds: number;
  lastActiveAt: string | null;
  quizAttempts: number;
  quizScoreSum: number;
}

/** Everything the student figures read, in one statement (see `readCourse`). */
export async function readStudent(db: Kysely<DB>, workspaceId: string, studentId: string, window: Window): Promise<StudentReads> {
  const row = (await studentStatement.first(db, { workspaceId, studentId, window }))!;
  return {
    found: row.found != null,
    enrollments: jsonRowsOf(row.enrollments as StudentReads['enrollments'] | string),
    timeSpentSeconds: Number(row.time_spent_seconds ?? 0),
    lastActiveAt: (row.last_active_at as string | null) ?? null,
    quizAttempts: Number(row.attempts ?? 0),
    quizScoreSum: Number(row.score_sum ?? 0),
  };
}

const studentStatement = preparedShapes<{ workspaceId: string; studentId: string; window: Window }, { from: boolean }, Record<string, string>, Record<string, unknown>>({
  shapeOf: ({ window }) => ({ from: window.from !== undefined }),
  valuesOf: ({ workspaceId, studentId, window }) => ({ workspaceId, studentId, to: window.to, ...(window.from !== undefined && { from: window.from }) }),
  build: (db, shape, p) => studentQuery(db, p('workspaceId'), p('studentId'), { from: shape.from ? p('from') : undefined, to: p('to') }),
});

function studentQuery(db: Kysely<DB>, workspaceId: string, studentId: string, window: Window) {
  const within = (column: string) =>
    window.from === undefined ? sql<boolean>`${sql.ref(column)} < ${window.to}` : sql<boolean>`${sql.ref(column)} >= ${window.from} and ${sql.ref(column)} < ${window.to}`;
  // Lessons whose last activity is in the window; attempts created in it.
  const activity = db.selectFrom('lesson_progress').where('workspace_id', '=', workspaceId).where('student_id', '=', studentId).where(within('last_activity_at'));
  const attempts = db.selectFrom('quiz_attempts').where('workspace_id', '=', workspaceId).where('student_id', '=', studentId).where(within('created_at'));
  return db.selectNoFrom([
    existsIn('students', workspaceId, studentId).as('found'),
    jsonRows(
      db,
      db
        .selectFrom('enrollments')
        .select((eb) => ['status', lessonsCompletedOf(eb).as('lessons_completed'), lessonsTotalOf(eb).as('lessons_total')])
        .where('workspace_id', '=', workspaceId)
        .where('student_id', '=', studentId)
        .where('status', '!=', 'cancelled')
        .where(within('enrolled_at')),
    ).as('enrollments'),
    activity.select((eb) => eb.fn.sum<number>('time_spent_seconds').as('time_spent_seconds')).as('time_spent_seconds'),
    activity.select((eb) => eb.fn.max('last_activity_at').as('last_active_at')).as('last_active_at'),
    attempts.select((eb) => eb.fn.countAll<number>().as('attempts')).as('attempts'),
    attempts.select((eb) => eb.fn.sum<number>('score').as('score_sum')).as('score_sum'),
  ]);
}
