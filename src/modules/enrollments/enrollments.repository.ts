import { lockForUpdate } from '../../db/dialect.js';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { type FiltersSet, filtersSet, preparedPage } from '../../db/keyset.js';
import { prepared } from '../../db/prepared.js';
import type { DB, EnrollmentStatus, EnrollmentsTable } from '../../db/types.js';
import type { PageRequest } from '../../shared/pagination.js';
import { countOfWorkspace, countRows, unfiltered } from '../../db/count.js';

// last_activity_at and time_to_complete_ms: the analytics rollups of activity and of a cancelled completion need them.
const columns = ['id', 'workspace_id', 'student_id', 'course_id', 'status', 'enrolled_at', 'completed_at', 'last_activity_at', 'time_to_complete_ms', 'score', 'version', 'created_at', 'updated_at'] as const;

/** An enrollment with the counts its progress is derived from, so progress is never stale. */
export type EnrollmentRow = EnrollmentsTable & { lessons_completed: number | string | null; lessons_total: number | string | null };

/** Enrollments with their completed and total lesson counts (indexed subqueries). */
/** The lessons of an enrollment's course its student completed: a subquery on each enrollments row. */
export function lessonsCompletedOf(eb: ExpressionBuilder<DB, 'enrollments'>) {
  return eb
    .selectFrom('lesson_progress')
    .select(eb.fn.countAll<number>().as('n'))
    .whereRef('lesson_progress.workspace_id', '=', 'enrollments.workspace_id')
    .whereRef('lesson_progress.student_id', '=', 'enrollments.student_id')
    .whereRef('lesson_progress.course_id', '=', 'enrollments.course_id')
    // A literal, not a parameter: the list's prepared statements bind a status filter's value
    // ('completed' too), and a parameter constant equal to it would be refused (prepared.ts).
    .where('lesson_progress.status', '=', sql.lit('completed'));
}

/** The lessons of an enrollment's course now: a subquery on each enrollments row. */
export function lessonsTotalOf(eb: ExpressionBuilder<DB, 'enrollments'>) {
  return eb.selectFrom('lessons').select(eb.fn.countAll<number>().as('n')).whereRef('lessons.course_id', '=', 'enrollments.course_id');
}

/** An enrollments row's columns with its progress counts. */
function progressColumns(eb: ExpressionBuilder<DB, 'enrollments'>) {
  return [...columns.map((c) => `enrollments.${c}` as const), lessonsCompletedOf(eb).as('lessons_completed'), lessonsTotalOf(eb).as('lessons_total')];
}

function withProgress(db: Kysely<DB>) {
  return db.selectFrom('enrollments').select(progressColumns);
}

export interface EnrollmentFilters {
  studentId?: string | undefined;
  courseId?: string | undefined;
  status?: EnrollmentStatus | undefined;
  updatedSince?: string | undefined;
}

/** A list's filters as values of its query: real values, or the placeholders of a prepared one. */
type FilterValues = {
  workspaceId: string;
  studentId: string;
  courseId: string;
  status: EnrollmentStatus;
  updatedSince: string;
};

function filterValues(workspaceId: string, filters: EnrollmentFilters): FilterValues {
  return {
    workspaceId,
    studentId: filters.studentId ?? '',
    courseId: filters.courseId ?? '',
    status: filters.status ?? 'active',
    updatedSince: filters.updatedSince ?? '',
  };
}

/** The filtered enrollments, with no selection yet: the list selects their progress, the count counts them. */
function filtered(db: Kysely<DB>, set: FiltersSet<EnrollmentFilters>, values: FilterValues) {
  let query = db.selectFrom('enrollments').where('enrollments.workspace_id', '=', values.workspaceId);
  if (set.studentId) query = query.where('enrollments.student_id', '=', values.studentId);
  if (set.courseId) query = query.where('enrollments.course_id', '=', values.courseId);
  if (set.status) query = query.where('enrollments.status', '=', values.status);
  if (set.updatedSince) query = query.where('enrollments.updated_at', '>=', values.updatedSince);
  return query;
}

const enrollmentPage = preparedPage<EnrollmentFilters, FilterValues, EnrollmentRow>({
  valuesOf: filterValues,
  build: (db, set, values) => filtered(db, set, values).select(progressColumns),
});

export async function listEnrollments(db: Kysely<DB>, workspaceId: string, filters: EnrollmentFilters, page: PageRequest): Promise<EnrollmentRow[]> {
  return enrollmentPage(db, workspaceId, filters, page);
}

export async function countEnrollments(db: Kysely<DB>, workspaceId: string, filters: EnrollmentFilters): Promise<number> {
  if (unfiltered(filters)) return countOfWorkspace(db, workspaceId, 'enrollments');
  return countRows(filtered(db, filtersSet(filters), filterValues(workspaceId, filters)));
}

const enrollmentById = prepared<{ workspaceId: string; id: string }, EnrollmentRow>((db, p) =>
  withProgress(db).where('enrollments.workspace_id', '=', p('workspaceId')).where('enrollments.id', '=', p('id')),
);

export async function findEnrollment(db: Kysely<DB>, workspaceId: string, id: string): Promise<EnrollmentRow | undefined> {
  return enrollmentById.first(db, { workspaceId, id });
}

export async function findEnrollmentOf(db: Kysely<DB>, workspaceId: string, studentId: string, courseId: string): Promise<EnrollmentRow | undefined> {
  return withProgress(db)
    .where('enrollments.workspace_id', '=', workspaceId)
    .where('enrollments.student_id', '=', studentId)
    .where('enrollments.course_id', '=', courseId)
    .executeTakeFirst();
}

/** Inserts unless the student is already enrolled in the course (in any status); true when inserted. */
export async function insertEnrollmentIfAbsent(db: Kysely<DB>, row: EnrollmentsTable): Promise<boolean> {
  const result = await db
    .insertInto('enrollments')
    .values(row)
    .onConflict((oc) => oc.columns(['workspace_id', 'student_id', 'course_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Moves an enrollment from one of `from` to `to`; false when it was not in one of them (another
 * request changed it first). The condition is what keeps counts exact under concurrency.
 */
export async function transition(
  db: Kysely<DB>,
  workspaceId: string,
  id: string,
  from: EnrollmentStatus[],
  changes: Partial<Pick<EnrollmentsTable, 'status' | 'enrolled_at' | 'completed_at' | 'updated_at' | 'time_to_complete_ms'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('enrollments')
    .set({ ...changes, version: sql<number>`version + 1` })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Marks changed (updated_at, version) the enrollments of a course whose progress_percent a change
 * of its lessons may move: those whose student completed at least one of the course's lessons
 * (no completion is 0 % whatever the number of lessons). Run before lessons are deleted, so their
 * completions still count. Curriculum edits run this before they lock the course row, in the
 * order enrollment writes take their locks (enrollment, then course), so the two never deadlock.
 */
export async function touchEnrollmentsWithCompletions(db: Kysely<DB>, workspaceId: string, courseId: string, now: string): Promise<void> {
  await db
    .updateTable('enrollments')
    .set({ updated_at: now, version: sql<number>`version + 1` })
    .where('enrollments.workspace_id', '=', workspaceId)
    .where('enrollments.course_id', '=', courseId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('lesson_progress')
          .select('lesson_progress.lesson_id')
          .whereRef('lesson_progress.workspace_id', '=', 'enrollments.workspace_id')
          .whereRef('lesson_progress.student_id', '=', 'enrollments.student_id')
          .whereRef('lesson_progress.course_id', '=', 'enrollments.course_id')
          .where('lesson_progress.status', '=', 'completed'),
      ),
    )
    .execute();
}

/** Enrollments of a student that count towards their course's enrollment_count, by course. */
/**
 * Locks every enrollment of a student (PostgreSQL; SQLite's transaction already holds the database),
 * in id order. Writes that touch an enrollment and its course lock the enrollment first: erasing a
 * student does too, before the courses, so it never waits on a cancel that waits on it.
 */
export async function lockEnrollmentsOfStudent(db: Kysely<DB>, workspaceId: string, studentId: string): Promise<void> {
  const query = db.selectFrom('enrollments').select('id').where('workspace_id', '=', workspaceId).where('student_id', '=', studentId).orderBy('id');
  await lockForUpdate(db, query).execute();
}

export async function countedEnrollmentsOfStudent(db: Kysely<DB>, workspaceId: string, studentId: string): Promise<{ course_id: string; n: number }[]> {
  const rows = await db
    .selectFrom('enrollments')
    .select(['course_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('workspace_id', '=', workspaceId)
    .where('student_id', '=', studentId)
    .where('status', '!=', 'cancelled')
    .groupBy('course_id')
    .orderBy('course_id')
    .execute();
  return rows.map((r) => ({ course_id: r.course_id, n: Number(r.n) }));
}

/** Every course the student has an enrollment in, whatever its status. */
export async function coursesOfStudent(db: Kysely<DB>, workspaceId: string, studentId: string): Promise<string[]> {
  const rows = await db.selectFrom('enrollments').select('course_id').where('workspace_id', '=', workspaceId).where('student_id', '=', studentId).execute();
  return rows.map((r) => r.course_id);
}

export async function deleteEnrollmentsOfStudent(db: Kysely<DB>, workspaceId: string, studentId: string): Promise<void> {
  await db.deleteFrom('enrollments').where('workspace_id', '=', workspaceId).where('student_id', '=', studentId).execute();
}

/** All enrollments of a student (optionally in one course), with their progress counts. */
export async function enrollmentsOfStudent(db: Kysely<DB>, workspaceId: string, studentId: string, courseId?: string): Promise<EnrollmentRow[]> {
  let query = withProgress(db).where('enrollments.workspace_id', '=', workspaceId).where('enrollments.student_id', '=', studentId);
  if (courseId !== undefined) query = query.where('enrollments.course_id', '=', courseId);
  return query.orderBy('enrollments.created_at').orderBy('enrollments.id').execute();
}

/** Inserts the enrollments that do not exist yet (one statement); answers the ids inserted. */
export async function insertEnrollmentsIfAbsent(db: Kysely<DB>, rows: EnrollmentsTable[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await db
    .insertInto('enrollments')
    .values(rows)
    .onConflict((oc) => oc.columns(['workspace_id', 'student_id', 'course_id']).doNothing())
    .returning('id')
    .execute();
  return new Set(inserted.map((r) => r.id));
}

export async function findEnrollmentsByIds(db: Kysely<DB>, workspaceId: string, ids: string[]): Promise<EnrollmentRow[]> {
  if (ids.length === 0) return [];
  return withProgress(db).where('enrollments.workspace_id', '=', workspaceId).where('enrollments.id', 'in', ids).execute();
}

/** Existing enrollments of (student, course) pairs, all of one workspace. */
export async function findEnrollmentsOfPairs(db: Kysely<DB>, workspaceId: string, pairs: { studentId: string; courseId: string }[]): Promise<EnrollmentRow[]> {
  if (pairs.length === 0) return [];
  return withProgress(db)
    .where('enrollments.workspace_id', '=', workspaceId)
    .where((eb) => eb.or(pairs.map((p) => eb.and([eb('enrollments.student_id', '=', p.studentId), eb('enrollments.course_id', '=', p.courseId)]))))
    .execute();
}

/**
 * The course's quiz lessons, each with the score of the student's latest attempt at it (null when
 * the student has not attempted it).
 */
export async function latestQuizScores(db: Kysely<DB>, workspaceId: string, studentId: string, courseId: string): Promise<{ lesson_id: string; score: number | null }[]> {
  return db
    .selectFrom('lessons')
    .select((eb) => [
      'lessons.id as lesson_id',
      eb
        .selectFrom('quiz_attempts')
        .select('quiz_attempts.score')
        .where('quiz_attempts.workspace_id', '=', workspaceId)
        .whereRef('quiz_attempts.lesson_id', '=', 'lessons.id')
        .where('quiz_attempts.student_id', '=', studentId)
        .orderBy('quiz_attempts.created_at', 'desc')
        .orderBy('quiz_attempts.id', 'desc')
        .limit(1)
        .as('score'),
    ])
    .where('lessons.workspace_id', '=', workspaceId)
    .where('lessons.course_id', '=', courseId)
    .where('lessons.type', '=', 'quiz')
    .execute();
}

/** Keeps the course score with the enrollment (its version moves with the activity that changed it). */
export async function setScore(db: Kysely<DB>, workspaceId: string, id: string, score: number): Promise<void> {
  await db.updateTable('enrollments').set({ score }).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
}
