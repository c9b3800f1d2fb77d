import { type Kysely, sql } from 'kysely';
import { applyPage } from '../../db/keyset.js';
import { prepared } from '../../db/prepared.js';
import type { DB, EnrollmentStatus, EnrollmentsTable } from '../../db/types.js';
import type { PageRequest } from '../../shared/pagination.js';

const columns = [
  'id',
  'workspace_id',
  'student_id',
  'course_id',
  'status',
  'progress_percent',
  'enrolled_at',
  'completed_at',
  'version',
  'created_at',
  'updated_at',
] as const;

export interface EnrollmentFilters {
  studentId?: string | undefined;
  courseId?: string | undefined;
  status?: EnrollmentStatus | undefined;
  updatedSince?: string | undefined;
}

function filtered(db: Kysely<DB>, workspaceId: string, filters: EnrollmentFilters) {
  let query = db.selectFrom('enrollments').where('workspace_id', '=', workspaceId);
  if (filters.studentId !== undefined) query = query.where('student_id', '=', filters.studentId);
  if (filters.courseId !== undefined) query = query.where('course_id', '=', filters.courseId);
  if (filters.status !== undefined) query = query.where('status', '=', filters.status);
  if (filters.updatedSince !== undefined) query = query.where('updated_at', '>=', filters.updatedSince);
  return query;
}

export async function listEnrollments(db: Kysely<DB>, workspaceId: string, filters: EnrollmentFilters, page: PageRequest): Promise<EnrollmentsTable[]> {
  return applyPage(filtered(db, workspaceId, filters).select(columns), page).execute();
}

export async function countEnrollments(db: Kysely<DB>, workspaceId: string, filters: EnrollmentFilters): Promise<number> {
  const row = await filtered(db, workspaceId, filters)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const enrollmentById = prepared<{ workspaceId: string; id: string }, EnrollmentsTable>((db, p) =>
  db.selectFrom('enrollments').select(columns).where('workspace_id', '=', p('workspaceId')).where('id', '=', p('id')),
);

export async function findEnrollment(db: Kysely<DB>, workspaceId: string, id: string): Promise<EnrollmentsTable | undefined> {
  return enrollmentById.first(db, { workspaceId, id });
}

export async function findEnrollmentOf(db: Kysely<DB>, workspaceId: string, studentId: string, courseId: string): Promise<EnrollmentsTable | undefined> {
  return db
    .selectFrom('enrollments')
    .select(columns)
    .where('workspace_id', '=', workspaceId)
    .where('student_id', '=', studentId)
    .where('course_id', '=', courseId)
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
  changes: Partial<Pick<EnrollmentsTable, 'status' | 'enrolled_at' | 'completed_at' | 'updated_at' | 'progress_percent'>>,
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

/** Enrollments of a student that count towards their course's enrollment_count, by course. */
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

export async function deleteEnrollmentsOfStudent(db: Kysely<DB>, workspaceId: string, studentId: string): Promise<void> {
  await db.deleteFrom('enrollments').where('workspace_id', '=', workspaceId).where('student_id', '=', studentId).execute();
}
