import type { Kysely } from 'kysely';
import { isForeignKeyViolation } from '../../db/dialect.js';
import type { DB, EnrollmentsTable } from '../../db/types.js';
import { nowIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError, notFound } from '../../shared/errors.js';
import { etagOf } from '../../shared/etag.js';
import { newId } from '../../shared/ids.js';
import { type PageResult, parseListQuery, toPageResult } from '../../shared/pagination.js';
import type { Versioned } from '../../shared/versioned.js';
import { type BulkResult, failed, recordValidator } from '../../shared/bulk.js';
import { adjustEnrollmentCount, findCourse, publishedByIds } from '../courses/courses.repository.js';
import { findStudent, studentStatuses } from '../students/students.repository.js';
import type { NewEvent } from '../events/event-types.js';
import { recordEvent, recordEvents } from '../events/record-events.js';
import { type AnalyticsChange, recordAnalyticsChange } from '../analytics/analytics-rollups.js';
import * as repo from './enrollments.repository.js';
import type { EnrollmentRow } from './enrollments.repository.js';
import { CreateEnrollmentBody, type Enrollment, enrollmentSorts, type ListEnrollmentsQuery } from './enrollments.schemas.js';

/** Completed lessons of the course in percent, rounded down (2 of 3 is 66). */
export function progressPercent(completed: number, total: number): number {
  return total === 0 ? 0 : Math.min(100, Math.floor((100 * completed) / total));
}

/**
 * The course score (docs/lti.md, "Grades (AGS)"): the mean, over the course's quiz lessons, of the
 * student's latest attempt score, a quiz not attempted counting 0; a course without quizzes scores
 * its progress percent. Rounded to two decimals, so both databases keep the same value.
 */
export async function courseScore(db: Kysely<DB>, workspaceId: string, enrollment: EnrollmentRow): Promise<number> {
  const quizzes = await repo.latestQuizScores(db, workspaceId, enrollment.student_id, enrollment.course_id);
  if (quizzes.length === 0) return progressPercent(Number(enrollment.lessons_completed), Number(enrollment.lessons_total));
  const sum = quizzes.reduce((total, quiz) => total + Number(quiz.score ?? 0), 0);
  return Math.round((100 * sum) / quizzes.length) / 100;
}

/** Works out the course score in the caller's transaction and keeps it with the enrollment; answers the enrollment with it. */
export async function refreshCourseScore(trx: Kysely<DB>, workspaceId: string, enrollment: EnrollmentRow): Promise<EnrollmentRow> {
  const score = await courseScore(trx, workspaceId, enrollment);
  await repo.setScore(trx, workspaceId, enrollment.id, score);
  return { ...enrollment, score };
}

export function toEnrollment(row: EnrollmentRow): Enrollment {
  return {
    id: row.id,
    student_id: row.student_id,
    course_id: row.course_id,
    status: row.status,
    progress_percent: progressPercent(Number(row.lessons_completed), Number(row.lessons_total)),
    score: row.score == null ? null : Number(row.score),
    enrolled_at: row.enrolled_at,
    completed_at: row.completed_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function versioned(row: EnrollmentRow): Versioned<Enrollment> {
  const data = toEnrollment(row);
  return { data, etag: etagOf(row.version, data.progress_percent) };
}

export async function listEnrollments(ctx: ServiceContext, workspaceId: string, query: ListEnrollmentsQuery): Promise<PageResult<Enrollment>> {
  const page = parseListQuery('enrollments', workspaceId, query, enrollmentSorts, 'created_at');
  const filters = { studentId: query.student_id, courseId: query.course_id, status: query.status, updatedSince: query.updated_since };
  const [rows, total] = await Promise.all([
    repo.listEnrollments(ctx.db, workspaceId, filters, page),
    page.mode === 'page' ? repo.countEnrollments(ctx.db, workspaceId, filters) : undefined,
  ]);
  return toPageResult('enrollments', workspaceId, page, rows, total, (row) => row[page.sort.column], toEnrollment);
}

export async function getEnrollment(ctx: ServiceContext, workspaceId: string, id: string): Promise<Versioned<Enrollment>> {
  const row = await repo.findEnrollment(ctx.db, workspaceId, id);
  if (!row) throw notFound('Enrollment', id);
  return versioned(row);
}

/**
 * Enrolls a student in a published course, in one transaction with the course's
 * enrollment_count. A cancelled enrollment is reactivated (201 again); an active or completed
 * one answers 409 already_enrolled; an inactive student 409 student_inactive.
 */
export async function enroll(ctx: ServiceContext, workspaceId: string, body: CreateEnrollmentBody): Promise<Versioned<Enrollment>> {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const student = await findStudent(trx, workspaceId, body.student_id);
      if (!student) throw notFound('Student', body.student_id);
      const course = await findCourse(trx, workspaceId, body.course_id);
      if (!course) throw notFound('Course', body.course_id);
      if (course.published !== 1) throw notPublished(course.id);
      if (student.status === 'inactive') {
        const existing = await repo.findEnrollmentOf(trx, workspaceId, student.id, course.id);
        throw existing && existing.status !== 'cancelled' ? alreadyEnrolled(student.id, course.id, existing.id) : studentInactive(student.id);
      }
      const now = nowIso(ctx.clock);
      const row = newEnrollmentRow(ctx, workspaceId, student.id, course.id, now);
      if (await repo.insertEnrollmentIfAbsent(trx, row)) {
        await adjustEnrollmentCount(trx, workspaceId, course.id, 1, now);
        await recordAnalyticsChange(trx, workspaceId, { kind: 'enrollment_created', courseId: course.id, enrolledAt: now });
        const enrolled = (await repo.findEnrollment(trx, workspaceId, row.id))!;
        await recordEvent(trx, ctx.clock, workspaceId, 'student.enrolled', toEnrollment(enrolled));
        return versioned(enrolled);
      }
      const existing = await repo.findEnrollmentOf(trx, workspaceId, student.id, course.id);
      const reactivation = { status: 'active' as const, enrolled_at: now, completed_at: null, updated_at: now };
      if (existing && existing.status === 'cancelled' && (await repo.transition(trx, workspaceId, existing.id, ['cancelled'], { ...reactivation, time_to_complete_ms: null }))) {
        await adjustEnrollmentCount(trx, workspaceId, course.id, 1, now);
        await recordAnalyticsChange(trx, workspaceId, {
          kind: 'enrollment_reactivated',
          courseId: course.id,
          previousEnrolledAt: existing.enrolled_at,
          enrolledAt: now,
          lessonsCompleted: Number(existing.lessons_completed),
        });
        const reactivated = { ...existing, ...reactivation, version: existing.version + 1 };
        await recordEvent(trx, ctx.clock, workspaceId, 'student.enrolled', toEnrollment(reactivated));
        return versioned(reactivated);
      }
      throw alreadyEnrolled(student.id, course.id, existing?.id ?? null);
    });
  } catch (error) {
    // The student was deleted by a concurrent request after we read it (PostgreSQL).
    if (isForeignKeyViolation(error)) throw notFound('Student', body.student_id);
    throw error;
  }
}

/**
 * Enrolls up to 100 (student, course) pairs, each succeeding or failing on its own, with the same
 * rules as a single enrollment. One transaction and a handful of statements whatever the count:
 * students and courses are read in one query each, new enrollments inserted in one statement,
 * and each course's count raised once.
 */
export async function bulkEnroll(ctx: ServiceContext, workspaceId: string, records: unknown[]): Promise<BulkResult<Enrollment>[]> {
  const validate = recordValidator<CreateEnrollmentBody>(CreateEnrollmentBody);
  const results: BulkResult<Enrollment>[] = [];
  const valid: { index: number; body: CreateEnrollmentBody }[] = [];
  records.forEach((record, index) => {
    const checked = validate(record);
    if (checked.ok) valid.push({ index, body: checked.value });
    else results.push(failed(index, checked.error));
  });
  await ctx.db.transaction().execute(async (trx) => {
    const students = await studentStatuses(trx, workspaceId, [...new Set(valid.map((v) => v.body.student_id))]);
    const courses = await publishedByIds(trx, workspaceId, [...new Set(valid.map((v) => v.body.course_id))]);
    const now = nowIso(ctx.clock);
    const candidates: { index: number; row: EnrollmentsTable }[] = [];
    const inactive: { index: number; studentId: string; courseId: string }[] = [];
    const pairKey = (studentId: string, courseId: string) => `${studentId} ${courseId}`;
    const seenPairs = new Set<string>();
    for (const { index, body } of valid) {
      if (!students.has(body.student_id)) {
        results.push(failed(index, notFound('Student', body.student_id)));
      } else if (!courses.has(body.course_id)) {
        results.push(failed(index, notFound('Course', body.course_id)));
      } else if (!courses.get(body.course_id)) {
        results.push(failed(index, notPublished(body.course_id)));
      } else if (seenPairs.has(pairKey(body.student_id, body.course_id))) {
        results.push(failed(index, alreadyEnrolled(body.student_id, body.course_id, null)));
      } else if (students.get(body.student_id) === 'inactive') {
        seenPairs.add(pairKey(body.student_id, body.course_id));
        inactive.push({ index, studentId: body.student_id, courseId: body.course_id });
      } else {
        seenPairs.add(pairKey(body.student_id, body.course_id));
        candidates.push({ index, row: newEnrollmentRow(ctx, workspaceId, body.student_id, body.course_id, now) });
      }
    }
    // An inactive student takes no new enrollment; one they already have answers as for anyone.
    const held = new Map((await repo.findEnrollmentsOfPairs(trx, workspaceId, inactive)).map((e) => [pairKey(e.student_id, e.course_id), e]));
    for (const { index, studentId, courseId } of inactive) {
      const enrollment = held.get(pairKey(studentId, courseId));
      results.push(failed(index, enrollment && enrollment.status !== 'cancelled' ? alreadyEnrolled(studentId, courseId, enrollment.id) : studentInactive(studentId)));
    }
    const inserted = await repo.insertEnrollmentsIfAbsent(trx, candidates.map((c) => c.row));
    const created = new Map<number, string>();
    const reactivated: Extract<AnalyticsChange, { kind: 'enrollment_reactivated' }>[] = [];
    const increments = new Map<string, number>();
    const existing = new Map(
      (
        await repo.findEnrollmentsOfPairs(
          trx,
          workspaceId,
          candidates.filter((c) => !inserted.has(c.row.id)).map((c) => ({ studentId: c.row.student_id, courseId: c.row.course_id })),
        )
      ).map((e) => [pairKey(e.student_id, e.course_id), e]),
    );
    for (const { index, row } of candidates) {
      let id: string | undefined = inserted.has(row.id) ? row.id : undefined;
      if (!id) {
        const current = existing.get(pairKey(row.student_id, row.course_id));
        const reactivation = { status: 'active' as const, enrolled_at: now, completed_at: null, updated_at: now, time_to_complete_ms: null };
        if (current?.status === 'cancelled' && (await repo.transition(trx, workspaceId, current.id, ['cancelled'], reactivation))) {
          id = current.id;
          reactivated.push({ kind: 'enrollment_reactivated', courseId: current.course_id, previousEnrolledAt: current.enrolled_at, enrolledAt: now, lessonsCompleted: Number(current.lessons_completed) });
        } else results.push(failed(index, alreadyEnrolled(row.student_id, row.course_id, current?.id ?? null)));
      }
      if (id) {
        created.set(index, id);
        increments.set(row.course_id, (increments.get(row.course_id) ?? 0) + 1);
      }
    }
    for (const [courseId, n] of [...increments].sort(([a], [b]) => (a < b ? -1 : 1))) await adjustEnrollmentCount(trx, workspaceId, courseId, n, now);
    // Rollups after every course row is locked, in course order (the lock order of single writes).
    const changes = [
      ...candidates.filter((c) => inserted.has(c.row.id)).map((c) => ({ kind: 'enrollment_created' as const, courseId: c.row.course_id, enrolledAt: now })),
      ...reactivated,
    ].sort((a, b) => (a.courseId < b.courseId ? -1 : a.courseId > b.courseId ? 1 : 0));
    for (const change of changes) await recordAnalyticsChange(trx, workspaceId, change);
    const rows = new Map((await repo.findEnrollmentsByIds(trx, workspaceId, [...created.values()])).map((r) => [r.id, r]));
    const enrolled: NewEvent[] = [];
    for (const [index, id] of created) {
      const enrollment = toEnrollment(rows.get(id)!);
      results.push({ index, status: 'created', data: enrollment });
      enrolled.push({ type: 'student.enrolled', object: enrollment });
    }
    await recordEvents(trx, ctx.clock, workspaceId, enrolled);
  });
  return results.sort((a, b) => a.index - b.index);
}

function newEnrollmentRow(ctx: ServiceContext, workspaceId: string, studentId: string, courseId: string, now: string): EnrollmentsTable {
  return {
    id: newId('enr', ctx.clock.now()),
    workspace_id: workspaceId,
    student_id: studentId,
    course_id: courseId,
    status: 'active',
    enrolled_at: now,
    completed_at: null,
    version: 1,
    created_at: now,
    updated_at: now,
  };
}

function notPublished(courseId: string): AppError {
  return new AppError('course_not_published', `Course ${courseId} is not published; publish it before enrolling students`, { course_id: courseId });
}

function studentInactive(studentId: string): AppError {
  return new AppError('student_inactive', `Student ${studentId} is inactive; make them active (status: "active") before enrolling them`, { student_id: studentId });
}

function alreadyEnrolled(studentId: string, courseId: string, enrollmentId: string | null): AppError {
  return new AppError('already_enrolled', `Student ${studentId} is already enrolled in course ${courseId}`, { enrollment_id: enrollmentId });
}

/** Cancels an enrollment (history kept); cancelling a cancelled one changes nothing. */
export async function cancel(ctx: ServiceContext, workspaceId: string, id: string): Promise<Versioned<Enrollment>> {
  return ctx.db.transaction().execute(async (trx) => {
    const current = await repo.findEnrollment(trx, workspaceId, id);
    if (!current) throw notFound('Enrollment', id);
    const now = nowIso(ctx.clock);
    const cancelled = await repo.transition(trx, workspaceId, id, ['active', 'completed'], { status: 'cancelled', updated_at: now });
    if (cancelled) {
      await adjustEnrollmentCount(trx, workspaceId, current.course_id, -1, now);
      await recordAnalyticsChange(trx, workspaceId, {
        kind: 'enrollment_cancelled',
        courseId: current.course_id,
        previous: {
          status: current.status,
          enrolledAt: current.enrolled_at,
          lessonsCompleted: Number(current.lessons_completed),
          timeToCompleteMs: current.time_to_complete_ms == null ? null : Number(current.time_to_complete_ms),
        },
      });
    }
    const row = await repo.findEnrollment(trx, workspaceId, id);
    // Erased with its student by a concurrent request, which this one waited for (PostgreSQL).
    if (!row) throw notFound('Enrollment', id);
    if (cancelled) await recordEvent(trx, ctx.clock, workspaceId, 'student.unenrolled', toEnrollment(row));
    return versioned(row);
  });
}
