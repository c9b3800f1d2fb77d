import type { Kysely } from 'kysely';
import type { DB, EnrollmentsTable, ImportAction, ImportCreatedObjectsTable, ImportsTable, StudentStatus, StudentsTable } from '../../db/types.js';
import type { Clock } from '../../shared/clock.js';
import { toIso } from '../../shared/clock.js';
import { newId } from '../../shared/ids.js';
import { recordAnalyticsChange } from '../analytics/analytics-rollups.js';
import { adjustEnrollmentCount } from '../courses/courses.repository.js';
import { toEnrollment } from '../enrollments/enrollments.service.js';
import type { NewEvent } from '../events/event-types.js';
import { recordEvents } from '../events/record-events.js';
import { normalizeEmail, toStudent } from '../students/students.service.js';
import { checkEnrollment, checkStudent, type Ref, type RowFailure, shownId } from './import-rows.js';
import type { NumberedRow, Scan } from './import-scan.js';
import * as repo from './imports.repository.js';

/**
 * Applies one chunk of rows of one type, in the caller's transaction: reads what the chunk needs
 * with one query per kind of object, decides each row's action, then (unless it is a dry run)
 * writes the changes with a handful of set-based statements and records the usual events. A dry
 * run decides exactly as a real one, against the database plus what its earlier rows would have
 * written (the Overlay), so its counts are the real run's.
 */

export interface Outcome {
  seq: number;
  row: NumberedRow['input'];
  action: ImportAction;
  objectId?: string | undefined;
  failure?: RowFailure | undefined;
  /** Why a row was passed over. */
  note?: string | undefined;
}

interface StudentState {
  id: string;
  external_id: string | null;
  email: string;
  email_normalized: string;
  name: string;
  status: StudentStatus;
}

/**
 * What the rows applied so far would have written, for a run that does not write (a dry run: kept
 * for the whole run) and for the rows of one chunk (a real run: the chunk's later rows see its
 * earlier ones before anything is written).
 */
export class Overlay {
  readonly students = new Map<string, StudentState>();
  readonly studentsById = new Map<string, StudentState>();
  /** Normalized email → the student holding it now, or null when released. */
  readonly emails = new Map<string, string | null>();
  /** `<student id> <course id>` → the enrollment's status now. */
  readonly enrollments = new Map<string, { id: string | null; status: EnrollmentsTable['status'] }>();

  setStudent(state: StudentState): void {
    if (state.external_id !== null) this.students.set(state.external_id, state);
    this.studentsById.set(state.id, state);
  }
}

export interface ChunkContext {
  db: Kysely<DB>;
  clock: Clock;
  import: ImportsTable;
  scan: Scan;
  overlay: Overlay;
}

const fail = (code: string, field: string | undefined, message: string): RowFailure => ({ code, field, message });

function duplicateOf(row: NumberedRow): RowFailure | undefined {
  const first = row.firstAt;
  if (first === undefined) return undefined;
  const where = first.file === row.input.file ? `line ${first.line}` : `line ${first.line} of ${first.file}`;
  const field = row.input.type === 'student' ? 'external_id' : undefined;
  return fail('duplicate_in_import', field, `This ${row.input.type} is already in this import at ${where}; only that row is applied`);
}

// ---- students --------------------------------------------------------------------------------

export async function applyStudents(ctx: ChunkContext, rows: NumberedRow[]): Promise<Outcome[]> {
  const { db, overlay } = ctx;
  const imp = ctx.import;
  const workspaceId = imp.workspace_id;
  const now = toIso(ctx.clock.now());
  const outcomes: Outcome[] = [];
  const candidates: { seq: number; row: NumberedRow['input']; value: ReturnType<typeof checkStudent> & { ok: true } }[] = [];
  for (const row of rows) {
    const checked = checkStudent(row.input);
    const failure = !checked.ok ? checked.failure : duplicateOf(row);
    if (failure || !checked.ok) outcomes.push({ seq: row.seq, row: row.input, action: 'failed', failure });
    else candidates.push({ seq: row.seq, row: row.input, value: checked });
  }
  const stored = new Map((await repo.studentsByExternalIds(db, workspaceId, [...new Set(candidates.map((c) => c.value.row.externalId))])).map((s) => [s.external_id!, s]));
  const current = (externalId: string): StudentState | undefined => overlay.students.get(externalId) ?? stateOf(stored.get(externalId));

  // Decide each row; the emails that rows take are checked after, against the database at once.
  const decided: { seq: number; row: NumberedRow['input']; before: StudentState | undefined; after: StudentState }[] = [];
  for (const { seq, row, value } of candidates) {
    const { externalId, email, name, status } = value.row;
    const before = current(externalId);
    if (before) {
      if (imp.mode === 'create_only') {
        outcomes.push({ seq, row, action: 'skipped', objectId: before.id, note: 'The student exists (mode create_only)' });
        continue;
      }
      const after = { ...before, email: email ?? before.email, email_normalized: email === undefined ? before.email_normalized : normalizeEmail(email), name: name ?? before.name, status };
      if (after.email === before.email && after.name === before.name && after.status === before.status) {
        outcomes.push({ seq, row, action: 'unchanged', objectId: before.id });
        continue;
      }
      decided.push({ seq, row, before, after });
    } else {
      if (imp.mode === 'update_only') {
        outcomes.push({ seq, row, action: 'skipped', note: 'No student has this external_id (mode update_only)' });
        continue;
      }
      if (email === undefined || name === undefined) {
        const field = email === undefined ? 'email' : 'name';
        outcomes.push({ seq, row, action: 'failed', failure: fail('validation_error', field, `${field} is required to create a student`) });
        continue;
      }
      const after = { id: newId('stu', ctx.clock.now()), external_id: externalId, email, email_normalized: normalizeEmail(email), name, status };
      decided.push({ seq, row, before: undefined, after });
    }
  }
  const taking = decided.filter((d) => d.before?.email_normalized !== d.after.email_normalized).map((d) => d.after.email_normalized);
  const holders = new Map((await repo.emailHolders(db, workspaceId, [...new Set(taking)])).map((h) => [h.email_normalized, h.id]));
  const writes: typeof decided = [];
  for (const d of decided) {
    if (d.before?.email_normalized !== d.after.email_normalized) {
      const key = d.after.email_normalized;
      const holder = overlay.emails.has(key) ? overlay.emails.get(key) : holders.get(key);
      if (holder && holder !== d.after.id) {
        outcomes.push({ seq: d.seq, row: d.row, action: 'failed', failure: fail('student_exists', 'email', `Student ${holder} already has this email`) });
        continue;
      }
      overlay.emails.set(key, d.after.id);
      if (d.before) overlay.emails.set(d.before.email_normalized, null);
    }
    overlay.setStudent(d.after);
    writes.push(d);
  }
  if (imp.dry_run) {
    for (const d of writes) outcomes.push({ seq: d.seq, row: d.row, action: d.before ? 'updated' : 'created', objectId: d.before?.id });
    return outcomes;
  }

  const written = new Map(
    (
      await repo.upsertStudents(
        db,
        writes.map(({ after }) => ({
          id: after.id,
          workspace_id: workspaceId,
          email: after.email,
          email_normalized: after.email_normalized,
          name: after.name,
          external_id: after.external_id,
          metadata: '{}',
          version: 1,
          created_at: now,
          updated_at: now,
          status: after.status,
        })),
      )
    ).map((s) => [s.external_id!, s]),
  );
  const events: NewEvent[] = [];
  const created: ImportCreatedObjectsTable[] = [];
  for (const d of writes) {
    const row = written.get(d.after.external_id!)!;
    // A student a concurrent request made between the read and the write was updated, not made.
    const action = d.before || row.id !== d.after.id ? 'updated' : 'created';
    outcomes.push({ seq: d.seq, row: d.row, action, objectId: row.id });
    events.push({ type: action === 'created' ? 'student.created' : 'student.updated', object: toStudent(row) });
    if (action === 'created' && imp.source !== null) created.push(ownership(imp, 'student', row.id, now));
  }
  await repo.recordCreated(db, created);
  await recordEvents(db, ctx.clock, workspaceId, events);
  return outcomes;
}

function stateOf(row: StudentsTable | undefined): StudentState | undefined {
  if (!row) return undefined;
  return { id: row.id, external_id: row.external_id, email: row.email, email_normalized: row.email_normalized, name: row.name, status: row.status ?? 'active' };
}

function ownership(imp: ImportsTable, type: 'student' | 'enrollment', id: string, now: string): ImportCreatedObjectsTable {
  return { workspace_id: imp.workspace_id, object_type: type, object_id: id, source: imp.source!, import_id: imp.id, created_at: now };
}

// ---- enrollments -----------------------------------------------------------------------------

export type EnrollmentChange = 'create' | 'reactivate' | 'cancel';

export async function applyEnrollments(ctx: ChunkContext, rows: NumberedRow[]): Promise<Outcome[]> {
  const { db, overlay } = ctx;
  const imp = ctx.import;
  const workspaceId = imp.workspace_id;
  const outcomes: Outcome[] = [];
  const candidates: { seq: number; row: NumberedRow['input']; student: Ref; course: Ref; status: 'active' | 'cancelled' }[] = [];
  for (const row of rows) {
    if (imp.can_enroll !== 1) {
      outcomes.push({ seq: row.seq, row: row.input, action: 'failed', failure: fail('insufficient_permissions', undefined, 'Enrollment rows need a key with the enrollments:write scope') });
      continue;
    }
    const checked = checkEnrollment(row.input);
    const failure = !checked.ok ? checked.failure : duplicateOf(row);
    if (failure || !checked.ok) outcomes.push({ seq: row.seq, row: row.input, action: 'failed', failure });
    else candidates.push({ seq: row.seq, row: row.input, ...checked.row });
  }
  const refs = (list: Ref[], by: Ref['by']) => [...new Set(list.filter((r) => r.by === by).map((r) => r.value))];
  const students = candidates.map((c) => c.student);
  const courses = candidates.map((c) => c.course);
  const storedStudents = [
    ...(await repo.studentsByExternalIds(db, workspaceId, refs(students, 'external_id'))),
    ...(await repo.studentsByIds(db, workspaceId, refs(students, 'id'))),
  ];
  const byExternal = new Map(storedStudents.filter((s) => s.external_id !== null).map((s) => [s.external_id!, stateOf(s)!]));
  const byId = new Map(storedStudents.map((s) => [s.id, stateOf(s)!]));
  const studentOf = (ref: Ref) => (ref.by === 'external_id' ? (overlay.students.get(ref.value) ?? byExternal.get(ref.value)) : (overlay.studentsById.get(ref.value) ?? byId.get(ref.value)));
  const storedCourses = await repo.coursesByRefs(db, workspaceId, refs(courses, 'external_id'), refs(courses, 'id'));
  const courseOf = (ref: Ref) => storedCourses.find((c) => (ref.by === 'id' ? c.id === ref.value : c.external_id === ref.value));

  const resolved: { seq: number; row: NumberedRow['input']; studentId: string; studentActive: boolean; course: repo.CourseRef; courseField: string; studentField: string; status: 'active' | 'cancelled' }[] = [];
  for (const c of candidates) {
    const studentField = c.student.by === 'id' ? 'student_id' : 'student_external_id';
    const courseField = c.course.by === 'id' ? 'course_id' : 'course_external_id';
    const student = studentOf(c.student);
    const course = courseOf(c.course);
    if (!student) {
      const message = c.student.by === 'id' ? `Student ${c.student.value} not found` : `No student has the external_id ${c.student.value}`;
      outcomes.push({ seq: c.seq, row: c.row, action: 'failed', failure: fail('resource_not_found', studentField, message) });
    } else if (!course) {
      const message = c.course.by === 'id' ? `Course ${c.course.value} not found` : `No course has the external_id ${c.course.value}`;
      outcomes.push({ seq: c.seq, row: c.row, action: 'failed', failure: fail('resource_not_found', courseField, message) });
    } else {
      resolved.push({ seq: c.seq, row: c.row, studentId: student.id, studentActive: student.status === 'active', course, courseField, studentField, status: c.status });
    }
  }
  const pair = (studentId: string, courseId: string) => `${studentId} ${courseId}`;
  const stored = new Map(
    (await repo.enrollmentsOf(db, workspaceId, [...new Set(resolved.map((r) => r.studentId))], [...new Set(resolved.map((r) => r.course.id))])).map((e) => [pair(e.student_id, e.course_id), e]),
  );
  const seen = new Map<string, number>();
  const changes: { seq: number; row: NumberedRow['input']; change: EnrollmentChange; current: repo.EnrollmentState | undefined; courseId: string; studentId: string }[] = [];
  for (const r of resolved) {
    const key = pair(r.studentId, r.course.id);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      outcomes.push({ seq: r.seq, row: r.row, action: 'failed', failure: fail('duplicate_in_import', undefined, `This enrollment is already in this import at line ${earlier}; only that row is applied`) });
      continue;
    }
    seen.set(key, r.row.line);
    const storedRow = stored.get(key);
    const virtual = overlay.enrollments.get(key);
    const status = virtual?.status ?? storedRow?.status;
    const id = virtual ? (virtual.id ?? undefined) : storedRow?.id;
    const exists = status !== undefined;
    const passOver = (note: string) => outcomes.push({ seq: r.seq, row: r.row, action: 'skipped', objectId: id, note });
    if (exists && imp.mode === 'create_only') {
      passOver('The enrollment exists (mode create_only)');
      continue;
    }
    if (!exists && imp.mode === 'update_only') {
      passOver('The student has no enrollment in this course (mode update_only)');
      continue;
    }
    let change: EnrollmentChange | undefined;
    if (r.status === 'cancelled') change = exists && status !== 'cancelled' ? 'cancel' : undefined;
    else change = !exists ? 'create' : status === 'cancelled' ? 'reactivate' : undefined;
    if (!change) {
      outcomes.push({ seq: r.seq, row: r.row, action: 'unchanged', objectId: id });
      continue;
    }
    if (change !== 'cancel' && r.course.published !== 1) {
      outcomes.push({ seq: r.seq, row: r.row, action: 'failed', failure: fail('course_not_published', r.courseField, `Course ${r.course.id} is not published; publish it before enrolling students`) });
      continue;
    }
    if (change !== 'cancel' && !r.studentActive) {
      outcomes.push({ seq: r.seq, row: r.row, action: 'failed', failure: fail('student_inactive', r.studentField, `Student ${r.studentId} is inactive; list the student as active to enroll them`) });
      continue;
    }
    overlay.enrollments.set(key, { id: id ?? null, status: change === 'cancel' ? 'cancelled' : 'active' });
    changes.push({ seq: r.seq, row: r.row, change, current: storedRow, courseId: r.course.id, studentId: r.studentId });
  }
  if (imp.dry_run) {
    for (const c of changes) outcomes.push({ seq: c.seq, row: c.row, action: c.change === 'create' ? 'created' : 'updated', objectId: c.current?.id });
    return outcomes;
  }

  const nowMs = ctx.clock.now();
  const now = toIso(nowMs);
  const newRows = new Map<number, EnrollmentsTable>();
  for (const c of changes.filter((c) => c.change === 'create')) {
    newRows.set(c.seq, { id: newId('enr', nowMs), workspace_id: workspaceId, student_id: c.studentId, course_id: c.courseId, status: 'active', enrolled_at: now, completed_at: null, version: 1, created_at: now, updated_at: now });
  }
  const inserted = await repo.insertEnrollments(db, [...newRows.values()]);
  const reactivated = await repo.reactivateEnrollments(db, workspaceId, changes.filter((c) => c.change === 'reactivate').map((c) => c.current!.id), now);
  const cancelled = await repo.cancelEnrollments(db, workspaceId, changes.filter((c) => c.change === 'cancel').map((c) => c.current!.id), now);
  const deltas = new Map<string, number>();
  const done: { id: string; change: EnrollmentChange }[] = [];
  const created: ImportCreatedObjectsTable[] = [];
  for (const c of changes) {
    const id = c.change === 'create' ? newRows.get(c.seq)!.id : c.current!.id;
    const applied = c.change === 'create' ? inserted.has(id) : c.change === 'reactivate' ? reactivated.has(id) : cancelled.has(id);
    if (!applied) {
      // Another request changed it between the read and the write: this row changed nothing.
      outcomes.push({ seq: c.seq, row: c.row, action: 'unchanged', objectId: c.change === 'create' ? undefined : id });
      continue;
    }
    outcomes.push({ seq: c.seq, row: c.row, action: c.change === 'create' ? 'created' : 'updated', objectId: id });
    deltas.set(c.courseId, (deltas.get(c.courseId) ?? 0) + (c.change === 'cancel' ? -1 : 1));
    done.push({ id, change: c.change });
    if (c.change === 'create' && imp.source !== null) created.push(ownership(imp, 'enrollment', id, now));
  }
  await settleEnrollments(db, ctx.clock, workspaceId, deltas, done, now);
  await repo.recordCreated(db, created);
  return outcomes;
}

/**
 * What follows changed enrollments, as for single writes: each course's enrollment_count (once per
 * course, in course order, the lock order of every enrollment write), its analytics rollups (marked
 * to be rebuilt on the next read, instead of a change per row) and the events.
 */
export async function settleEnrollments(db: Kysely<DB>, clock: Clock, workspaceId: string, deltas: Map<string, number>, done: { id: string; change: EnrollmentChange }[], now: string): Promise<void> {
  const courseIds = [...deltas.keys()].sort();
  for (const courseId of courseIds) if (deltas.get(courseId) !== 0) await adjustEnrollmentCount(db, workspaceId, courseId, deltas.get(courseId)!, now);
  if (courseIds.length > 0) await recordAnalyticsChange(db, workspaceId, { kind: 'enrollments_imported', courseIds });
  const rows = new Map((await repo.enrollmentsByIds(db, workspaceId, done.map((d) => d.id))).map((r) => [r.id, r]));
  const events: NewEvent[] = done.map((d) => ({ type: d.change === 'cancel' ? 'student.unenrolled' : 'student.enrolled', object: toEnrollment(rows.get(d.id)!) }));
  await recordEvents(db, clock, workspaceId, events);
}

/** A result line's row for an outcome. */
export function resultOf(importId: string, o: Outcome) {
  return {
    import_id: importId,
    seq: o.seq,
    file: o.row.file,
    line: o.row.line,
    type: o.row.type,
    external_id: shownId(o.row),
    action: o.action,
    object_id: o.objectId ?? null,
    code: o.failure?.code ?? null,
    field: o.failure?.field ?? null,
    message: o.failure?.message ?? o.note ?? null,
  };
}
