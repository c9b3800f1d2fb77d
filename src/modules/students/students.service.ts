import { isUniqueViolation } from '../../db/dialect.js';
import type { StudentsTable } from '../../db/types.js';
import { nowIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError, notFound } from '../../shared/errors.js';
import { etagOf } from '../../shared/etag.js';
import { newId } from '../../shared/ids.js';
import { type PageResult, parseListQuery, toPageResult } from '../../shared/pagination.js';
import { parseMetadata } from '../../shared/schemas.js';
import { updateVersioned, type Versioned } from '../../shared/versioned.js';
import { adjustEnrollmentCount } from '../courses/courses.repository.js';
import * as enrollmentsRepo from '../enrollments/enrollments.repository.js';
import { deleteActivityOfStudent } from '../progress/progress.repository.js';
import * as repo from './students.repository.js';
import { type CreateStudentBody, type ListStudentsQuery, type Student, studentSorts, type UpdateStudentBody } from './students.schemas.js';

export function toStudent(row: StudentsTable): Student {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    external_id: row.external_id,
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
  const now = nowIso(ctx.clock);
  const row: StudentsTable = {
    id: newId('stu', ctx.clock.now()),
    workspace_id: workspaceId,
    email: body.email.trim(),
    email_normalized: normalizeEmail(body.email),
    name: body.name,
    external_id: body.external_id ?? null,
    metadata: JSON.stringify(body.metadata ?? {}),
    version: 1,
    created_at: now,
    updated_at: now,
  };
  await withUniqueness(ctx, workspaceId, row.email_normalized, row.external_id, () => repo.insertStudent(ctx.db, row));
  return versioned(row);
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
    changes: (): Partial<StudentsTable> => ({
      ...(body.email !== undefined && { email: body.email.trim(), email_normalized: normalizeEmail(body.email) }),
      ...(body.name !== undefined && { name: body.name }),
      ...(body.external_id !== undefined && { external_id: body.external_id }),
      ...(body.metadata !== undefined && { metadata: JSON.stringify(body.metadata) }),
    }),
    write: (version, changes) =>
      withUniqueness(ctx, workspaceId, changes.email_normalized, changes.external_id, () =>
        repo.updateStudent(ctx.db, workspaceId, id, version, changes),
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
    if (!(await repo.lockStudent(trx, workspaceId, id))) throw notFound('Student', id);
    // Course order: two erasures touching the same courses lock them in the same order.
    for (const { course_id, n } of await enrollmentsRepo.countedEnrollmentsOfStudent(trx, workspaceId, id)) {
      await adjustEnrollmentCount(trx, workspaceId, course_id, -n);
    }
    await deleteActivityOfStudent(trx, workspaceId, id);
    await enrollmentsRepo.deleteEnrollmentsOfStudent(trx, workspaceId, id);
    await repo.deleteStudent(trx, workspaceId, id);
  });
  return { id, deleted: true };
}

/**
 * Runs a write that may break the email or external-id uniqueness; the database's unique
 * indexes decide (no check-then-write race), and the answer names the student who holds it.
 */
async function withUniqueness<T>(
  ctx: ServiceContext,
  workspaceId: string,
  emailNormalized: string | undefined,
  externalId: string | null | undefined,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const holder = await repo.findConflictingStudent(ctx.db, workspaceId, emailNormalized, externalId);
    if (!holder) throw error;
    const field = emailNormalized !== undefined && holder.email_normalized === emailNormalized ? 'email' : 'external_id';
    throw new AppError('student_exists', `Student ${holder.id} already has this ${field === 'email' ? 'email' : 'external_id'}`, {
      student_id: holder.id,
      field,
    });
  }
}
