import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/dialect.js';
import { inSavepoint } from '../../db/savepoint.js';
import type { DB, StudentsTable } from '../../db/types.js';
import { type BulkResult, failed, recordValidator } from '../../shared/bulk.js';
import { nowIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError, notFound } from '../../shared/errors.js';
import { etagOf } from '../../shared/etag.js';
import { newId } from '../../shared/ids.js';
import { type PageResult, parseListQuery, toPageResult } from '../../shared/pagination.js';
import { parseMetadata } from '../../shared/schemas.js';
import { type Upserted, type UpsertConditions, upsertPlan } from '../../shared/upsert.js';
import { updateVersioned, type Versioned } from '../../shared/versioned.js';
import type { UpsertOutcome } from '../../db/upsert.js';
import type { NewEvent } from '../events/event-types.js';
import { adjustEnrollmentCount } from '../courses/courses.repository.js';
import * as enrollmentsRepo from '../enrollments/enrollments.repository.js';
import { deleteActivityOfStudent } from '../progress/progress.repository.js';
import { recordAnalyticsChange } from '../analytics/analytics-rollups.js';
import { recordEvent, recordEvents } from '../events/record-events.js';
import * as repo from './students.repository.js';
import { CreateStudentBody, type ListStudentsQuery, type Student, studentSorts, type UpdateStudentBody } from './students.schemas.js';

export function toStudent(row: StudentsTable): Student {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    external_id: row.external_id,
    status: row.status ?? 'active',
    metadata: parseMetadata(row.metadata),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function versioned(row: StudentsTable): Versioned<Student> {
  return { data: toStudent(row), etag: etagOf(row.version) };
}

/** Emails are unique per workspace whatever their case; the address itself is kept as given. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function listStudents(ctx: ServiceContext, workspaceId: string, query: ListStudentsQuery): Promise<PageResult<Student>> {
  const page = parseListQuery('students', workspaceId, query, studentSorts, 'created_at');
  const filters = {
    updatedSince: query.updated_since,
    emailNormalized: query.email === undefined ? undefined : normalizeEmail(query.email),
    externalId: query.external_id,
    status: query.status,
  };
  const [rows, total] = await Promise.all([
    repo.listStudents(ctx.db, workspaceId, filters, page),
    page.mode === 'page' ? repo.countStudents(ctx.db, workspaceId, filters) : undefined,
  ]);
  return toPageResult('students', workspaceId, page, rows, total, (row) => row[page.sort.column], toStudent);
}

export async function getStudent(ctx: ServiceContext, workspaceId: string, id: string): Promise<Versioned<Student>> {
  const row = await repo.findStudent(ctx.db, workspaceId, id);
  if (!row) throw notFound('Student', id);
  return versioned(row);
}

export async function createStudent(ctx: ServiceContext, workspaceId: string, body: CreateStudentBody): Promise<Versioned<Student>> {
  const row = studentRow(ctx, workspaceId, body);
  await withUniqueness(ctx.db, workspaceId, row.email_normalized, row.external_id, () =>
    ctx.db.transaction().execute(async (trx) => {
      await repo.insertStudent(trx, row);
      await recordEvent(trx, ctx.clock, workspaceId, 'student.created', toStudent(row));
    }),
  );
  return versioned(row);
}

function studentRow(ctx: ServiceContext, workspaceId: string, body: CreateStudentBody): StudentsTable {
  const now = nowIso(ctx.clock);
  return {
    id: newId('stu', ctx.clock.now()),
    workspace_id: workspaceId,
    email: body.email.trim(),
    email_normalized: normalizeEmail(body.email),
    name: body.name,
    external_id: body.external_id ?? null,
    status: body.status ?? 'active',
    metadata: JSON.stringify(body.metadata ?? {}),
    version: 1,
    created_at: now,
    updated_at: now,
  };
}

/**
 * `PUT /students/by-external-id/{external_id}`: makes the student of this external id, or gives the
 * existing one the body's fields (those left out stay), in one transaction whose unique index
 * decides which (src/db/upsert.ts): fifty concurrent calls make one student. `student.created` or
 * `student.updated` as POST and PATCH send them; a call that changes nothing writes nothing (the
 * student keeps its updated_at) and sends no event.
 */
export async function upsertStudent(
  ctx: ServiceContext,
  workspaceId: string,
  externalId: string,
  body: CreateStudentBody,
  conditions: UpsertConditions,
): Promise<Upserted<Student>> {
  const plan = upsertPlan<StudentsTable>('Student', externalId, body.external_id, conditions, (row) => versioned(row).etag);
  const insert = { ...studentRow(ctx, workspaceId, body), external_id: externalId };
  const set: Partial<StudentsTable> = {
    email: insert.email,
    email_normalized: insert.email_normalized,
    name: body.name,
    ...(body.status !== undefined && { status: body.status }),
    ...(body.metadata !== undefined && { metadata: insert.metadata }),
  };
  const write = () =>
    ctx.db.transaction().execute(async (trx) => {
      const outcomes = await repo.upsertStudentsByExternalId(trx, workspaceId, [{ insert, set }], { ...plan, now: insert.updated_at });
      await recordEvents(trx, ctx.clock, workspaceId, upsertEvents(outcomes));
      return outcomes;
    });
  let outcomes: Awaited<ReturnType<typeof write>>;
  try {
    outcomes = await write();
  } catch (error) {
    // Two PUTs of one new external id at once on PostgreSQL: the later insert can meet the first's
    // row on the email index (ON CONFLICT names the external id's), and that row is this very
    // student; once more, the upsert finds it. An email held by another student fails again: 409.
    if (!isUniqueViolation(error)) throw error;
    outcomes = await withUniqueness(ctx.db, workspaceId, insert.email_normalized, undefined, write);
  }
  const [outcome] = outcomes;
  if (outcome!.action === 'skipped') throw plan.refused(outcome!.row);
  return { ...versioned(outcome!.row!), outcome: outcome!.action };
}

/** The events of upserted students: `student.created` and `student.updated`, as POST and PATCH send them. */
export function upsertEvents(outcomes: readonly UpsertOutcome<StudentsTable>[]): NewEvent[] {
  return outcomes.flatMap((o) =>
    o.action === 'created' || o.action === 'updated' ? [{ type: o.action === 'created' ? ('student.created' as const) : ('student.updated' as const), object: toStudent(o.row!) }] : [],
  );
}

/**
 * Creates up to 100 students, each succeeding or failing on its own (invalid, duplicate in the
 * request, or already in the workspace). One transaction: the common all-new case is a single
 * multi-row insert; only when that meets an existing email or external id are the records
 * inserted one by one, each in a savepoint, to tell which ones fail.
 */
export async function bulkCreateStudents(ctx: ServiceContext, workspaceId: string, records: unknown[]): Promise<BulkResult<Student>[]> {
  const validate = recordValidator<CreateStudentBody>(CreateStudentBody);
  const results: BulkResult<Student>[] = [];
  const pending: { index: number; row: StudentsTable }[] = [];
  const emails = new Map<string, string>();
  const externalIds = new Map<string, string>();
  records.forEach((record, index) => {
    const checked = validate(record);
    if (!checked.ok) return void results.push(failed(index, checked.error));
    const row = studentRow(ctx, workspaceId, checked.value);
    const sameEmail = emails.get(row.email_normalized);
    const sameExternal = row.external_id === null ? undefined : externalIds.get(row.external_id);
    if (sameEmail ?? sameExternal) {
      const field = sameEmail ? 'email' : 'external_id';
      return void results.push(failed(index, studentExists(sameEmail ?? sameExternal!, field)));
    }
    emails.set(row.email_normalized, row.id);
    if (row.external_id !== null) externalIds.set(row.external_id, row.id);
    pending.push({ index, row });
  });
  await ctx.db.transaction().execute(async (trx) => {
    try {
      await inSavepoint(trx, 'bulk_students', () => repo.insertStudents(trx, pending.map((p) => p.row)));
      for (const { index, row } of pending) results.push({ index, status: 'created', data: toStudent(row) });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      for (const { index, row } of pending) {
        try {
          await inSavepoint(trx, 'bulk_student', () => repo.insertStudent(trx, row));
          results.push({ index, status: 'created', data: toStudent(row) });
        } catch (recordError) {
          // Asked only after the rollback to the savepoint: PostgreSQL refuses statements before it.
          results.push(failed(index, await uniquenessError(trx, workspaceId, row.email_normalized, row.external_id, recordError)));
        }
      }
    }
    const created = results.flatMap((r) => (r.status === 'created' ? [{ type: 'student.created' as const, object: r.data }] : []));
    await recordEvents(trx, ctx.clock, workspaceId, created);
  });
  return results.sort((a, b) => a.index - b.index);
}

export async function updateStudent(
  ctx: ServiceContext,
  workspaceId: string,
  id: string,
  body: UpdateStudentBody,
  ifMatch?: string,
): Promise<Versioned<Student>> {
  return updateVersioned({
    load: () => repo.findStudent(ctx.db, workspaceId, id),
    missing: () => notFound('Student', id),
    present: versioned,
    changes: (current): Partial<StudentsTable> => ({
      ...(body.email !== undefined && { email: body.email.trim(), email_normalized: normalizeEmail(body.email) }),
      ...(body.name !== undefined && { name: body.name }),
      ...(body.external_id !== undefined && { external_id: body.external_id }),
      ...(body.status !== undefined && body.status !== (current.status ?? 'active') && { status: body.status }),
      ...(body.metadata !== undefined && { metadata: JSON.stringify(body.metadata) }),
    }),
    write: (version, changes, next) =>
      withUniqueness(ctx.db, workspaceId, changes.email_normalized, changes.external_id, () =>
        ctx.db.transaction().execute(async (trx) => {
          if (!(await repo.updateStudent(trx, workspaceId, id, version, changes))) return false;
          await recordEvent(trx, ctx.clock, workspaceId, 'student.updated', toStudent(next));
          return true;
        }),
      ),
    ifMatch,
    now: () => nowIso(ctx.clock),
  });
}

/**
 * Erases a student with everything recorded about them (an erasure request must leave nothing
 * behind), lowering the enrollment_count of each course they counted in, in one transaction.
 */
export async function deleteStudent(ctx: ServiceContext, workspaceId: string, id: string): Promise<{ id: string; deleted: true }> {
  await ctx.db.transaction().execute(async (trx) => {
    const student = await repo.lockStudent(trx, workspaceId, id);
    if (!student) throw notFound('Student', id);
    // Enrollments before courses, the order of every enrollment write (no deadlock with a cancel).
    await enrollmentsRepo.lockEnrollmentsOfStudent(trx, workspaceId, id);
    // Course order: two erasures touching the same courses lock them in the same order.
    const now = nowIso(ctx.clock);
    for (const { course_id, n } of await enrollmentsRepo.countedEnrollmentsOfStudent(trx, workspaceId, id)) {
      await adjustEnrollmentCount(trx, workspaceId, course_id, -n, now);
    }
    await recordAnalyticsChange(trx, workspaceId, { kind: 'student_erased', courseIds: await enrollmentsRepo.coursesOfStudent(trx, workspaceId, id) });
    await deleteActivityOfStudent(trx, workspaceId, id);
    await enrollmentsRepo.deleteEnrollmentsOfStudent(trx, workspaceId, id);
    await repo.deleteStudent(trx, workspaceId, id);
    await recordEvent(trx, ctx.clock, workspaceId, 'student.deleted', toStudent(student));
  });
  return { id, deleted: true };
}

/**
 * Runs a write that may break the email or external-id uniqueness; the database's unique
 * indexes decide (no check-then-write race), and the answer names the student who holds it.
 */
async function withUniqueness<T>(
  db: Kysely<DB>,
  workspaceId: string,
  emailNormalized: string | undefined,
  externalId: string | null | undefined,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw await uniquenessError(db, workspaceId, emailNormalized, externalId, error);
  }
}

/** The 409 naming the student who holds the email or external id; other errors as they are. */
async function uniquenessError(
  db: Kysely<DB>,
  workspaceId: string,
  emailNormalized: string | undefined,
  externalId: string | null | undefined,
  error: unknown,
): Promise<AppError> {
  if (!isUniqueViolation(error)) throw error;
  const holder = await repo.findConflictingStudent(db, workspaceId, emailNormalized, externalId);
  if (!holder) throw error;
  return studentExists(holder.id, emailNormalized !== undefined && holder.email_normalized === emailNormalized ? 'email' : 'external_id');
}

function studentExists(holderId: string, field: 'email' | 'external_id'): AppError {
  return new AppError('student_exists', `Student ${holderId} already has this ${field}`, { student_id: holderId, field });
}
