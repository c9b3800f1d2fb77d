import { type Kysely, sql } from 'kysely';
import { type FiltersSet, filtersSet, preparedPage } from '../../db/keyset.js';
import { countRows } from '../../db/count.js';
import type { DB, EnrollmentsTable, ImportCreatedObjectsTable, ImportResultsTable, ImportStatus, ImportsTable, StudentsTable } from '../../db/types.js';
import type { PageRequest } from '../../shared/pagination.js';
import { type EnrollmentRow, lessonsCompletedOf, lessonsTotalOf } from '../enrollments/enrollments.repository.js';

/**
 * Every query of roster imports. The roster statements are set-based: a chunk's students,
 * courses and enrollments are looked up with one `IN (…)` each and written with one multi-row
 * `INSERT … ON CONFLICT` or `UPDATE … WHERE id IN (…)` each, whatever the number of rows.
 */

/** Rows per statement, within both databases' limits on bound parameters (students have 11 columns). */
const BATCH = 500;

function batches<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
}

// ---- imports --------------------------------------------------------------------------------

export async function insertImport(db: Kysely<DB>, row: ImportsTable): Promise<void> {
  await db.insertInto('imports').values(row).execute();
}

export async function findImport(db: Kysely<DB>, workspaceId: string, id: string): Promise<ImportsTable | undefined> {
  return db.selectFrom('imports').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
}

/** The import a job works on, whatever its workspace (the job carries only its id). */
export async function findImportForJob(db: Kysely<DB>, id: string): Promise<ImportsTable | undefined> {
  return db.selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface ImportFilters {
  status?: ImportStatus | undefined;
  updatedSince?: string | undefined;
}

/** A list's filters as values of its query: real values, or the placeholders of a prepared one. */
type FilterValues = {
  workspaceId: string;
  status: ImportStatus;
  updatedSince: string;
};

function filterValues(workspaceId: string, filters: ImportFilters): FilterValues {
  return { workspaceId, status: filters.status ?? 'queued', updatedSince: filters.updatedSince ?? '' };
}

function filtered(db: Kysely<DB>, set: FiltersSet<ImportFilters>, values: FilterValues) {
  let query = db.selectFrom('imports').where('workspace_id', '=', values.workspaceId);
  if (set.status) query = query.where('status', '=', values.status);
  if (set.updatedSince) query = query.where('updated_at', '>=', values.updatedSince);
  return query;
}

const importPage = preparedPage<ImportFilters, FilterValues, ImportsTable>({
  valuesOf: filterValues,
  build: (db, set, values) => filtered(db, set, values).selectAll(),
});

export async function listImports(db: Kysely<DB>, workspaceId: string, filters: ImportFilters, page: PageRequest): Promise<ImportsTable[]> {
  return importPage(db, workspaceId, filters, page);
}

export async function countImports(db: Kysely<DB>, workspaceId: string, filters: ImportFilters): Promise<number> {
  return countRows(filtered(db, filtersSet(filters), filterValues(workspaceId, filters)));
}

export async function updateImport(db: Kysely<DB>, id: string, changes: Partial<ImportsTable>): Promise<void> {
  await db.updateTable('imports').set(changes).where('id', '=', id).execute();
}

/**
 * Moves an import from one of `from` to the changes; false when it was in none of them (another
 * request or worker moved it first). Confirm, cancel and the job's transitions all go through it.
 */
export async function transitionImport(db: Kysely<DB>, workspaceId: string, id: string, from: ImportStatus[], changes: Partial<ImportsTable>): Promise<boolean> {
  const result = await db.updateTable('imports').set(changes).where('workspace_id', '=', workspaceId).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Records a chunk's progress if the import is still where this worker left it (the rows applied
 * and deactivated so far): false when another worker got there first, and then the chunk's
 * transaction must not commit. This is what applies no row twice.
 */
export async function advanceImport(
  db: Kysely<DB>,
  id: string,
  at: Pick<ImportsTable, 'students_applied' | 'enrollments_applied' | 'deactivated'>,
  changes: Partial<ImportsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('imports')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('students_applied', '=', at.students_applied)
    .where('enrollments_applied', '=', at.enrollments_applied)
    .where('deactivated', '=', at.deactivated)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// ---- results ---------------------------------------------------------------------------------

export async function insertResults(db: Kysely<DB>, rows: ImportResultsTable[]): Promise<void> {
  for (const batch of batches(rows)) await db.insertInto('import_results').values(batch).execute();
}

export async function deleteResults(db: Kysely<DB>, importId: string): Promise<void> {
  await db.deleteFrom('import_results').where('import_id', '=', importId).execute();
}

/** An import that ended before `before` and still has result lines, oldest first. */
export async function importWithResultsEndedBefore(db: Kysely<DB>, before: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('imports')
    .select('id')
    .where('completed_at', '<', before)
    .where((eb) => eb.exists(eb.selectFrom('import_results').select('seq').whereRef('import_results.import_id', '=', 'imports.id')))
    .orderBy('completed_at')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/** A page of an import's result lines after `afterSeq`, in order (the caller has checked the import's workspace). */
export async function resultsPage(db: Kysely<DB>, importId: string, afterSeq: number, onlyFailed: boolean, limit: number): Promise<ImportResultsTable[]> {
  let query = db.selectFrom('import_results').selectAll().where('import_id', '=', importId).where('seq', '>', afterSeq);
  if (onlyFailed) query = query.where('action', '=', 'failed');
  return query.orderBy('seq').limit(limit).execute();
}

// ---- the roster ------------------------------------------------------------------------------

const studentColumns = ['id', 'workspace_id', 'email', 'email_normalized', 'name', 'external_id', 'metadata', 'version', 'created_at', 'updated_at', 'status'] as const;

export async function studentsByExternalIds(db: Kysely<DB>, workspaceId: string, externalIds: string[]): Promise<StudentsTable[]> {
  if (externalIds.length === 0) return [];
  return db.selectFrom('students').select(studentColumns).where('workspace_id', '=', workspaceId).where('external_id', 'in', externalIds).execute();
}

export async function studentsByIds(db: Kysely<DB>, workspaceId: string, ids: string[]): Promise<StudentsTable[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('students').select(studentColumns).where('workspace_id', '=', workspaceId).where('id', 'in', ids).execute();
}

/** Who holds each of these (normalized) emails in the workspace. */
export async function emailHolders(db: Kysely<DB>, workspaceId: string, emails: string[]): Promise<Pick<StudentsTable, 'id' | 'email_normalized'>[]> {
  if (emails.length === 0) return [];
  return db.selectFrom('students').select(['id', 'email_normalized']).where('workspace_id', '=', workspaceId).where('email_normalized', 'in', emails).execute();
}

/**
 * Creates or updates students by external id in one statement: a new one is inserted, an existing
 * one gets the row's email, name and status (its metadata and created_at stay). Answers the rows as
 * written, with the ids the database holds (also for a student a concurrent request made first).
 */
export async function upsertStudents(db: Kysely<DB>, rows: StudentsTable[]): Promise<StudentsTable[]> {
  const out: StudentsTable[] = [];
  for (const batch of batches(rows)) {
    const written = await db
      .insertInto('students')
      .values(batch)
      .onConflict((oc) =>
        oc.columns(['workspace_id', 'external_id']).doUpdateSet((eb) => ({
          email: eb.ref('excluded.email'),
          email_normalized: eb.ref('excluded.email_normalized'),
          name: eb.ref('excluded.name'),
          status: eb.ref('excluded.status'),
          version: sql<number>`students.version + 1`,
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .returning(studentColumns)
      .execute();
    out.push(...written);
  }
  return out;
}

/** Makes active students inactive (a full sync); answers the rows it changed. */
export async function deactivateStudents(db: Kysely<DB>, workspaceId: string, ids: string[], now: string): Promise<StudentsTable[]> {
  if (ids.length === 0) return [];
  return db
    .updateTable('students')
    .set({ status: 'inactive', updated_at: now, version: sql<number>`version + 1` })
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', ids)
    .where('status', '=', 'active')
    .returning(studentColumns)
    .execute();
}

export interface CourseRef {
  id: string;
  external_id: string | null;
  published: number;
}

export async function coursesByRefs(db: Kysely<DB>, workspaceId: string, externalIds: string[], ids: string[]): Promise<CourseRef[]> {
  if (externalIds.length === 0 && ids.length === 0) return [];
  const rows = await db
    .selectFrom('courses')
    .select(['id', 'external_id', 'published'])
    .where('workspace_id', '=', workspaceId)
    .where((eb) => eb.or([...(externalIds.length > 0 ? [eb('external_id', 'in', externalIds)] : []), ...(ids.length > 0 ? [eb('id', 'in', ids)] : [])]))
    .execute();
  return rows.map((r) => ({ id: r.id, external_id: r.external_id ?? null, published: Number(r.published) }));
}

export type EnrollmentState = Pick<EnrollmentsTable, 'id' | 'student_id' | 'course_id' | 'status' | 'enrolled_at' | 'time_to_complete_ms'> & { lessons_completed: number | string | null };

/** The enrollments of any of these students in any of these courses (the caller picks its pairs). */
export async function enrollmentsOf(db: Kysely<DB>, workspaceId: string, studentIds: string[], courseIds: string[]): Promise<EnrollmentState[]> {
  if (studentIds.length === 0 || courseIds.length === 0) return [];
  return db
    .selectFrom('enrollments')
    .select((eb) => ['id', 'student_id', 'course_id', 'status', 'enrolled_at', 'time_to_complete_ms', lessonsCompletedOf(eb).as('lessons_completed')])
    .where('workspace_id', '=', workspaceId)
    .where('student_id', 'in', studentIds)
    .where('course_id', 'in', courseIds)
    .execute();
}

/** Inserts enrollments that do not exist yet; answers the ids inserted. */
export async function insertEnrollments(db: Kysely<DB>, rows: EnrollmentsTable[]): Promise<Set<string>> {
  const inserted = new Set<string>();
  for (const batch of batches(rows)) {
    const written = await db
      .insertInto('enrollments')
      .values(batch)
      .onConflict((oc) => oc.columns(['workspace_id', 'student_id', 'course_id']).doNothing())
      .returning('id')
      .execute();
    for (const row of written) inserted.add(row.id);
  }
  return inserted;
}

/** Reactivates cancelled enrollments; answers the ids it changed. */
export async function reactivateEnrollments(db: Kysely<DB>, workspaceId: string, ids: string[], now: string): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .updateTable('enrollments')
    .set({ status: 'active', enrolled_at: now, completed_at: null, time_to_complete_ms: null, updated_at: now, version: sql<number>`version + 1` })
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', ids)
    .where('status', '=', 'cancelled')
    .returning('id')
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Cancels active or completed enrollments; answers the ids it changed. */
export async function cancelEnrollments(db: Kysely<DB>, workspaceId: string, ids: string[], now: string): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .updateTable('enrollments')
    .set({ status: 'cancelled', updated_at: now, version: sql<number>`version + 1` })
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', ids)
    .where('status', 'in', ['active', 'completed'])
    .returning('id')
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Enrollments as the API answers them (with their progress counts), for the events. */
export async function enrollmentsByIds(db: Kysely<DB>, workspaceId: string, ids: string[]): Promise<EnrollmentRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('enrollments')
    .select((eb) => [
      'enrollments.id',
      'enrollments.workspace_id',
      'enrollments.student_id',
      'enrollments.course_id',
      'enrollments.status',
      'enrollments.enrolled_at',
      'enrollments.completed_at',
      'enrollments.score',
      'enrollments.version',
      'enrollments.created_at',
      'enrollments.updated_at',
      lessonsCompletedOf(eb).as('lessons_completed'),
      lessonsTotalOf(eb).as('lessons_total'),
    ])
    .where('enrollments.workspace_id', '=', workspaceId)
    .where('enrollments.id', 'in', ids)
    .execute();
}

// ---- what sources made -----------------------------------------------------------------------

export async function recordCreated(db: Kysely<DB>, rows: ImportCreatedObjectsTable[]): Promise<void> {
  for (const batch of batches(rows)) {
    await db
      .insertInto('import_created_objects')
      .values(batch)
      .onConflict((oc) => oc.columns(['workspace_id', 'object_type', 'object_id']).doNothing())
      .execute();
  }
}

export interface OwnedStudent {
  id: string;
  external_id: string | null;
}

/** Active students that imports of the source made, by id after `afterId`. */
export async function ownedActiveStudents(db: Kysely<DB>, workspaceId: string, source: string, afterId: string, limit: number): Promise<OwnedStudent[]> {
  return db
    .selectFrom('import_created_objects as o')
    .innerJoin('students as s', (join) => join.onRef('s.id', '=', 'o.object_id').onRef('s.workspace_id', '=', 'o.workspace_id'))
    .select(['s.id', 's.external_id'])
    .where('o.workspace_id', '=', workspaceId)
    .where('o.source', '=', source)
    .where('o.object_type', '=', 'student')
    .where('o.object_id', '>', afterId)
    .where('s.status', '=', 'active')
    .orderBy('o.object_id')
    .limit(limit)
    .execute();
}

export interface OwnedEnrollment {
  id: string;
  student_id: string;
  course_id: string;
  student_external_id: string | null;
  course_external_id: string | null;
}

/** Enrollments that imports of the source made and that are not cancelled, by id after `afterId`. */
export async function ownedActiveEnrollments(db: Kysely<DB>, workspaceId: string, source: string, afterId: string, limit: number): Promise<OwnedEnrollment[]> {
  const rows = await db
    .selectFrom('import_created_objects as o')
    .innerJoin('enrollments as e', (join) => join.onRef('e.id', '=', 'o.object_id').onRef('e.workspace_id', '=', 'o.workspace_id'))
    .innerJoin('students as s', 's.id', 'e.student_id')
    .innerJoin('courses as c', 'c.id', 'e.course_id')
    .select(['e.id', 'e.student_id', 'e.course_id', 's.external_id as student_external_id', 'c.external_id as course_external_id'])
    .where('o.workspace_id', '=', workspaceId)
    .where('o.source', '=', source)
    .where('o.object_type', '=', 'enrollment')
    .where('o.object_id', '>', afterId)
    .where('e.status', '!=', 'cancelled')
    .orderBy('o.object_id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, course_external_id: r.course_external_id ?? null }));
}
