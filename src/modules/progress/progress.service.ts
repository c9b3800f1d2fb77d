import type { Kysely } from 'kysely';
import type { DB, LessonsTable, ProgressStatus } from '../../db/types.js';
import { nowIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError, notFound } from '../../shared/errors.js';
import { type EnrollmentRow, enrollmentsOfStudent, findEnrollmentOf, transition } from '../enrollments/enrollments.repository.js';
import { progressPercent, refreshCourseScore, toEnrollment } from '../enrollments/enrollments.service.js';
import { enqueueGradeSends } from '../lti/grade-sends.service.js';
import { findLesson } from '../lessons/lessons.repository.js';
import { findStudent } from '../students/students.repository.js';
import type { NewEvent } from '../events/event-types.js';
import { recordEvents } from '../events/record-events.js';
import { recordAnalyticsChange } from '../analytics/analytics-rollups.js';
import * as repo from './progress.repository.js';
import type { CourseProgress, LessonProgress, RecordProgressBody, StudentProgress } from './progress.schemas.js';

/**
 * The student's enrollment in the lesson's course, which activity needs: 409 not_enrolled when
 * there is none or it was cancelled. Student and lesson must be of the workspace (404). Locks the
 * enrollment for the caller's transaction (repo.lockEnrollmentOf).
 */
export async function activeEnrollment(
  db: Kysely<DB>,
  workspaceId: string,
  studentId: string,
  lessonId: string,
): Promise<{ lesson: LessonsTable; enrollment: EnrollmentRow }> {
  if (!(await findStudent(db, workspaceId, studentId))) throw notFound('Student', studentId);
  const lesson = await findLesson(db, workspaceId, lessonId);
  if (!lesson) throw notFound('Lesson', lessonId);
  await repo.lockEnrollmentOf(db, workspaceId, studentId, lesson.course_id);
  const enrollment = await findEnrollmentOf(db, workspaceId, studentId, lesson.course_id);
  if (!enrollment || enrollment.status === 'cancelled') {
    throw new AppError('not_enrolled', `Student ${studentId} is not enrolled in course ${lesson.course_id}`, {
      student_id: studentId,
      course_id: lesson.course_id,
    });
  }
  return { lesson, enrollment };
}

/**
 * Records activity on a lesson inside the caller's transaction; completing the course's last
 * lesson completes the enrollment. After a quiz attempt (`quizAttempted`) and at completion, the
 * course score is worked out again and, for a student launched from an LMS with a line item,
 * queued for the LMS in the same transaction. Answers the progress with the enrollment as it now stands.
 */
export async function recordActivity(
  ctx: ServiceContext,
  trx: Kysely<DB>,
  workspaceId: string,
  studentId: string,
  lesson: LessonsTable,
  status: ProgressStatus,
  timeSpentSeconds: number,
  options: { quizAttempted?: boolean } = {},
): Promise<LessonProgress> {
  const now = nowIso(ctx.clock);
  const before = await repo.findProgress(trx, workspaceId, studentId, lesson.id);
  // Completion is reported once: the first time the lesson becomes completed, whatever comes after.
  const completedBefore = before?.status === 'completed';
  const progress = await repo.upsertProgress(trx, {
    workspace_id: workspaceId,
    student_id: studentId,
    lesson_id: lesson.id,
    course_id: lesson.course_id,
    status,
    time_spent_seconds: timeSpentSeconds,
    started_at: now,
    completed_at: status === 'completed' ? now : null,
    last_activity_at: now,
  });
  const read = (await findEnrollmentOf(trx, workspaceId, studentId, lesson.course_id))!;
  await repo.touchEnrollmentActivity(trx, workspaceId, studentId, lesson.course_id, now);
  let enrollment: EnrollmentRow = { ...read, last_activity_at: now, updated_at: now, version: read.version + 1 };
  const total = Number(enrollment.lessons_total);
  const lessonsCompleted = Number(enrollment.lessons_completed);
  let completedCourse = false;
  const timeToComplete = Date.parse(now) - Date.parse(enrollment.enrolled_at);
  if (enrollment.status === 'active' && total > 0 && lessonsCompleted >= total) {
    completedCourse = await transition(trx, workspaceId, enrollment.id, ['active'], { status: 'completed', completed_at: now, updated_at: now, time_to_complete_ms: timeToComplete });
    enrollment = (await findEnrollmentOf(trx, workspaceId, studentId, lesson.course_id))!;
  }
  if (options.quizAttempted || completedCourse) {
    enrollment = await refreshCourseScore(trx, workspaceId, enrollment);
    const completed = enrollment.status === 'completed';
    await enqueueGradeSends(trx, ctx.clock, { workspaceId, studentId, courseId: lesson.course_id, score: Number(enrollment.score), completed });
  }
  await recordAnalyticsChange(trx, workspaceId, {
    kind: 'lesson_activity',
    courseId: lesson.course_id,
    lessonId: lesson.id,
    at: now,
    enrolledAt: read.enrolled_at,
    previousActivityAt: read.last_activity_at ?? null,
    firstActivity: before === undefined,
    firstCompletion: progress.status === 'completed' && !completedBefore,
    lessonsCompleted,
    courseCompletedAfterMs: completedCourse ? timeToComplete : null,
  });
  const result: LessonProgress = {
    student_id: progress.student_id,
    lesson_id: progress.lesson_id,
    course_id: progress.course_id,
    status: progress.status,
    time_spent_seconds: progress.time_spent_seconds,
    started_at: progress.started_at,
    completed_at: progress.completed_at,
    last_activity_at: progress.last_activity_at,
    enrollment: toEnrollment(enrollment),
  };
  const events: NewEvent[] = [];
  if (progress.status === 'completed' && !completedBefore) events.push({ type: 'student.completed_lesson', object: result });
  if (completedCourse) events.push({ type: 'student.completed_course', object: result.enrollment });
  await recordEvents(trx, ctx.clock, workspaceId, events);
  return result;
}

export async function recordProgress(ctx: ServiceContext, workspaceId: string, studentId: string, body: RecordProgressBody): Promise<LessonProgress> {
  return ctx.db.transaction().execute(async (trx) => {
    const { lesson } = await activeEnrollment(trx, workspaceId, studentId, body.lesson_id);
    return recordActivity(ctx, trx, workspaceId, studentId, lesson, body.status, body.time_spent_seconds ?? 0);
  });
}

/** Per enrolled course: the enrollment, totals, and each lesson's state in course order. */
export async function studentProgress(ctx: ServiceContext, workspaceId: string, studentId: string, courseId?: string): Promise<StudentProgress> {
  if (!(await findStudent(ctx.db, workspaceId, studentId))) throw notFound('Student', studentId);
  const enrollments = await enrollmentsOfStudent(ctx.db, workspaceId, studentId, courseId);
  const courseIds = enrollments.map((e) => e.course_id);
  const [lessons, progress] = await Promise.all([
    repo.lessonsInOrder(ctx.db, workspaceId, courseIds),
    repo.progressOfStudent(ctx.db, workspaceId, studentId, courseIds),
  ]);
  const progressByLesson = new Map(progress.map((p) => [p.lesson_id, p]));
  const courses = enrollments.map((enrollment): CourseProgress => {
    const states = lessons
      .filter((l) => l.course_id === enrollment.course_id)
      .map((l) => {
        const p = progressByLesson.get(l.id);
        return {
          lesson_id: l.id,
          module_id: l.module_id,
          status: p?.status ?? ('not_started' as const),
          time_spent_seconds: p?.time_spent_seconds ?? 0,
          completed_at: p?.completed_at ?? null,
          last_activity_at: p?.last_activity_at ?? null,
        };
      });
    const completed = states.filter((s) => s.status === 'completed').length;
    const activity = states.map((s) => s.last_activity_at).filter((a): a is string => a !== null).sort();
    return {
      course_id: enrollment.course_id,
      enrollment_id: enrollment.id,
      status: enrollment.status,
      progress_percent: progressPercent(completed, states.length),
      lessons_completed: completed,
      lessons_total: states.length,
      time_spent_seconds: states.reduce((sum, s) => sum + s.time_spent_seconds, 0),
      last_activity_at: activity[activity.length - 1] ?? null,
      lessons: states,
    };
  });
  return { student_id: studentId, courses };
}
